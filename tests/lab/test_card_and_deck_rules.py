"""The reference Card and Deck follow the lab: Algorithm 2 dealing, a shuffle that resets."""


def test_card_fields_str_and_matches(ref):
    Card = ref["card"].Card
    card = Card("queen", "clubs", 3)
    assert (card.rank(), card.suit(), card.point_value()) == ("queen", "clubs", 3)
    assert str(card) == "queen of clubs (point value = 3)"
    assert card.matches(Card("queen", "clubs", 3))
    for other in (Card("king", "clubs", 3), Card("queen", "hearts", 3), Card("queen", "clubs", 4)):
        assert not card.matches(other)


def test_java_names_are_answered_too(ref):
    card = ref["card"].Card("ace", "hearts", 1)
    assert card.pointValue() == 1 and card.toString() == str(card)
    deck = ref["deck"].Deck(["ace"], ["hearts"], [1])
    assert deck.isEmpty() is False


def test_constructor_makes_one_card_per_rank_in_each_suit_suits_outermost(ref):
    deck = ref["deck"].Deck(["A", "B", "C"], ["Giraffes", "Lions"], [2, 1, 6])
    made = sorted((c.rank(), c.suit(), c.point_value()) for c in deck.cards)
    assert made == sorted(
        (r, s, v) for s in ["Giraffes", "Lions"] for r, v in zip("ABC", [2, 1, 6])
    )
    assert deck.size() == 6


def test_the_lab_question_deck_has_six_cards(ref):
    deck = ref["deck"].Deck(["jack", "queen", "king"], ["blue", "red"], [11, 12, 13])
    assert deck.size() == 6


def test_deal_counts_down_and_keeps_every_card(ref):
    deck = ref["deck"].Deck(["ace", "2"], ["hearts", "spades"], [1, 2])
    before = list(deck.cards)
    dealt = [deck.deal() for _ in range(4)]
    assert deck.cards == before, "Algorithm 2 removes nothing from the list"
    assert dealt == list(reversed(before)), "deals cards[size - 1] first"
    assert deck.is_empty() and deck.size() == 0
    assert deck.deal() is None and deck.deal() is None and deck.size() == 0


def test_shuffle_brings_dealt_cards_back(ref):
    deck = ref["deck"].Deck(["ace", "2", "3"], ["hearts"], [1, 2, 3])
    deck.deal(), deck.deal()
    deck.shuffle()
    assert deck.size() == 3
    assert sorted(c.rank() for c in (deck.deal(), deck.deal(), deck.deal())) == ["2", "3", "ace"]


def test_reference_testers_pass_on_the_reference(ref, capsys):
    for tester in ("card_tester", "deck_tester"):
        module = ref[tester]
        for name in dir(module):
            if name.startswith("test_"):
                getattr(module, name)()
