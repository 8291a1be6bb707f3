#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image. It installs the
# Elevens grader (the wheel beside this script: exactly the version that built the zip) into a
# virtual environment of its own; the grader's dependencies come from PyPI, now, at the versions
# pinned in constraints.txt when the zip was built (so a rebuilt image grades the same way).
# Written by `grader gradescope build`; see docs/integrations.md, "Gradescope".
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WHEEL="$HERE/@WHEEL@"
[ -f "$WHEEL" ] || WHEEL="/autograder/source/@WHEEL@"
CONSTRAINTS="$HERE/@CONSTRAINTS@"
[ -f "$CONSTRAINTS" ] || CONSTRAINTS="/autograder/source/@CONSTRAINTS@"
# ELEVENS_VENV moves it (the grader's own tests run this script without root).
VENV="${ELEVENS_VENV:-/opt/elevens-grader}"

# Python 3 with venv and pip: Gradescope's base images are Ubuntu, so apt-get.
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 python3-venv python3-pip
fi

python3 - <<'PY'
import sys
if sys.version_info < (3, 10):
    sys.exit("setup.sh: the Elevens grader needs Python 3.10 or newer, and this image has Python %d.%d. "
             "Choose the Ubuntu 22.04 base image (or a newer one) on the Configure Autograder page." % sys.version_info[:2])
PY

# A virtual environment: newer Ubuntu images refuse pip installs into the system's Python.
python3 -m venv "$VENV"
if ! "$VENV/bin/python" -m pip install --no-cache-dir --constraint "$CONSTRAINTS" "$WHEEL"; then
    echo "setup.sh: the grader's dependencies, at the versions pinned when the zip was built (@CONSTRAINTS@), did not" \
         "install on this image's Python ($(python3 -V 2>&1)). Build the zip again with \`grader gradescope build\`" \
         "from a Python as close to the image's as you can, or choose a newer base image." >&2
    exit 1
fi
"$VENV/bin/python" -c "import grader.integrations.gradescope.run" && echo "setup.sh: the Elevens grader is installed in $VENV"
@JAVA@
