"""What a lab is to the grader: the plug-ins it finds (registry.py), each lab's rubric, suites,
starter and handout, its written questions' answers, and the files it ships. It reads a lab's
definition and knows no lab by name.

Must not import: grader.engine, grader.sandbox, grader.reporters, grader.commands, grader.terminal, grader.cli.
"""
