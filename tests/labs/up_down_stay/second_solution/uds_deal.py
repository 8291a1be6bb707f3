"""Up/Down/Stay, Activity 2 (second solution): deal everything first, then split it by seat."""


def deal_hands(deck, num_players: int) -> list:
    if num_players < 2 or num_players > deck.size():
        raise ValueError(f"cannot deal to {num_players} players from {deck.size()} cards")
    each = deck.size() // num_players
    dealt = [deck.deal() for _ in range(each * num_players)]
    # Round-robin: card k of the deal went to seat k % n.
    return [dealt[seat::num_players] for seat in range(num_players)]
