"""Buggy Decks for Activity 5 (to be filled by the Activity 5 work; see issue 'Activity 5')."""
