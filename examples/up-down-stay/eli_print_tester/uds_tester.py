"""My tester: I print the results and look at them."""

from uds_changes import changes
from uds_predictions import match_score
from uds_game import winners

print("changes", changes([2, 6, 5, 4, 7, 9, 7, 1, 2, 2, 5, 8]))
print("score", match_score("UUDDUSU", "UDDUUDDUSUU"))
print("winners", winners([5, 5]))
