
# This lab grades Java submissions too, which needs a JDK 17 to 23 (the grader's own check,
# grader/java/jdk.py, says whether the image has one). Gradescope's images are Ubuntu, whose
# openjdk-17-jdk-headless fits; run_autograder puts it first on PATH if another Java is the default.
if ! "$VENV/bin/python" -c "import sys; from grader.java.jdk import jdk_problem; sys.exit(1 if jdk_problem() else 0)"; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openjdk-17-jdk-headless
fi
JDK17="$(ls -d /usr/lib/jvm/java-17-openjdk-*/bin 2>/dev/null | head -n 1)"
PATH="${JDK17:+$JDK17:}$PATH" "$VENV/bin/python" -c "import sys; from grader.java.jdk import jdk_problem; p = jdk_problem(); sys.exit('setup.sh: ' + p if p else 0)"
echo "setup.sh: a JDK for Java submissions is installed"
# Students' JUnit testers (JUnit 4 and Jupiter) need the jars of Ubuntu's junit4 and junit5 in
# /usr/share/java (grader/java/junit.py); without them such a tester is reported as the grader's
# problem. Installed after the JDK, so that junit4's "a Java runtime" is that JDK.
if [ ! -f /usr/share/java/junit4.jar ] || [ ! -f /usr/share/java/junit-jupiter-api.jar ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends junit4 junit5
fi
"$VENV/bin/python" -c "
import sys
from grader.java.junit import JUnitUnavailable, junit_jars
try:
    junit_jars({'junit4', 'jupiter'})
except JUnitUnavailable as problem:
    sys.exit('setup.sh: ' + str(problem))
"
echo "setup.sh: JUnit 4 and 5 for JUnit testers are installed"
