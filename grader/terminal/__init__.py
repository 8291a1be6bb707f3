"""What a person reads on the terminal: the screen itself (screen.py), a run's progress, summary
and problems (console.py, summary_table.py), and a student's `grader check` (check_view.py decides
what to show, check_output.py and check_screen.py print it).

Trusted side only. It reads results and the rubric; nothing here may import the engine's grading
machinery beyond the plan, the sandbox, or a lab's suites.
"""
