"""Running the suites: plan -> pytest (in trusted shard processes) -> per-submission records -> results."""
