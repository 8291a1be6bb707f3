from deck import Deck

deck = Deck(["ace"], ["hearts"], [1])
print("size", deck.size())
print("dealt", deck.deal())
