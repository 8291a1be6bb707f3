"""What a grading run produced and how it is kept: the results (model.py), the command that
replays a test (replay.py), a class split into shards and merged (sharding.py), and the names
reserved in an output folder (output_folder.py). Plain data and the rules that join it.

Must not import: grader.engine, grader.sandbox, grader.reporters, grader.commands, grader.terminal.
"""
