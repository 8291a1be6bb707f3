"""Running the suites: plan -> pytest (in trusted shard processes) -> json report -> results."""
