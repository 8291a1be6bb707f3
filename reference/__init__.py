"""The teacher's answer: complete solutions of every file of the Python Elevens lab.

The files import each other the way students' files do (``from card import Card``), so they are
used by putting this folder on ``sys.path`` or by copying a file into a sandbox as a stand-in.
Each class answers to both naming styles (``is_empty`` and ``isEmpty``): students who translate
the Java guide literally must still be able to call them.
"""
