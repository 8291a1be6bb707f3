
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
