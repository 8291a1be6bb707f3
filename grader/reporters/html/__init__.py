"""The HTML reports: ``index.html`` for the class and ``<id>/report.html`` for each student.

Two reporter plugins share this package: ``class_page`` (format ``html``) and ``student_page``
(format ``html-reports``). Each page is one self-contained file, with its CSS and its one small
script inline and no request to anywhere, so it opens from disk, from a zip or from an LMS
attachment, on a phone as on paper.

Everything a submission controls (its id, which is a folder name; messages, printed output,
test names, notes) reaches a page only through ``markup.el`` / ``markup.text``, which escape it:
see markup.py for the rule and the Content-Security-Policy that backs it up.

Must not import: grader.integrations.
"""
