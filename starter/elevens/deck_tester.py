"""Activity 5: your tester for Deck. Test a 1-card deck, then a 2-card deck, then shuffling.
It must stop with an AssertionError when something is wrong and print All tests passed!
only when everything is right."""

from deck import Deck


def test_1_card_deck() -> None:
    deck = Deck(["ace"], ["hearts"], [1])
    # your asserts here


def test_2_card_deck() -> None:
    pass


def test_shuffle() -> None:
    pass


if __name__ == "__main__":
    test_1_card_deck()
    test_2_card_deck()
    test_shuffle()
    print("All tests passed!")
