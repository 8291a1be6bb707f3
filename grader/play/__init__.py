"""`grader play`: a lab's board game in the browser, played on a student's own board through
the sandbox (table.py), served by a small local web server (server.py) as one page (page.html).

Must not import: grader.engine, grader.commands, grader.reporters, grader.terminal.
"""
