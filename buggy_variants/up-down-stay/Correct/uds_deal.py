"""Activity 2: equal hands, dealt one card at a time around the table."""

from deck import Deck


def deal_hands(deck: Deck, num_players: int) -> list:
    total = deck.size()
    if not 2 <= num_players <= total:
        raise ValueError("impossible number of players: " + str(num_players))
    hands = [[] for _ in range(num_players)]
    for turn in range(num_players * (total // num_players)):
        hands[turn % num_players].append(deck.deal())
    return hands
