"""The grader's documentation. A package only so that a wheel installs the pages (as
``grader_assets.docs``): each lab's specification is one of them, and `grader handout` puts it
in the student's README."""
