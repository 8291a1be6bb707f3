"""Hostile student files for tests/security: each tries every way out of the jail it knows.

``PROBE`` is a card.py whose ``rank()`` first tries each attack and prints one JSON line naming
what it reached (``"OPEN: ..."``) or that it was refused (``"blocked"``); the rest of the file is
the lab's reference Card, so every test of Activity 1 still runs it. The paths and the secret
it hunts for are filled in by the test (``probe_card``).
"""

import json

from tests.classroom import card_with

ATTACKS = r'''
import ctypes, errno, json as _json, os, socket as _socket

_libc = ctypes.CDLL(None, use_errno=True)
_NR = {"bpf": 321, "perf_event_open": 298, "keyctl": 250, "ptrace": 101, "setns": 308, "unshare": 272,
       "process_vm_readv": 310, "open_by_handle_at": 304, "kexec_load": 246, "init_module": 175}

def _refused(result):
    return "blocked" if result != 0 else "OPEN"

def _call(name, *args):
    return _refused(_libc.syscall(_NR[name], *args)) if os.uname().machine == "x86_64" else "blocked"

def _opens(path, mode="r"):
    try:
        with open(path, mode) as f:
            f.write("x") if "w" in mode or "a" in mode else f.read(64)
        return "OPEN: " + path
    except OSError:
        return "blocked"

def _lists(path, allowed=()):
    try:
        seen = set(os.listdir(path)) - set(allowed)
    except OSError:
        return "blocked"
    return "OPEN: " + ",".join(sorted(seen)[:5]) if seen else "blocked"

def _status():
    found = {}
    for line in open("/proc/self/status"):
        key, _, value = line.partition(":")
        found[key] = value.strip()
    return found

def _secret_in_proc():
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if SECRET.encode() in open(f"/proc/{entry}/environ", "rb").read():
                    return "OPEN: /proc/" + entry
            except OSError:
                pass
    return "blocked" if SECRET not in str(os.environ) else "OPEN: own environment"

def _network():
    try:
        s = _socket.create_connection(("127.0.0.1", PORT), timeout=1)
        s.close()
        return "OPEN: connected"
    except OSError:
        return "blocked"

def _installed_packages():
    """A grader installed without a virtual environment lives in the interpreter's site-packages
    (or Debian's dist-packages): each must look empty."""
    import glob
    import sys
    seen = [p for base in {sys.base_prefix, "/usr"} for pattern in ("lib/python3*/site-packages", "lib/python3*/dist-packages",
            "lib/python3/dist-packages", "local/lib/python3*/dist-packages") for p in glob.glob(os.path.join(base, pattern))]
    shown = {p: os.listdir(p) for p in seen if os.path.isdir(p) and os.listdir(p)}
    return "blocked" if not shown else "OPEN: " + ", ".join("%s (%d entries)" % (p, len(n)) for p, n in shown.items())

def _attacks():
    status = _status()
    found = {
        "root": "OPEN" if os.getuid() == 0 and open("/proc/self/uid_map").read().split()[:2] == ["0", "0"] else "blocked",
        "capabilities": "blocked" if int(status["CapEff"], 16) == 0 and int(status["CapBnd"], 16) == 0 else "OPEN: " + status["CapEff"],
        "no_new_privs": "blocked" if status.get("NoNewPrivs") == "1" else "OPEN",
        "filter": "blocked" if status.get("Seccomp") == "2" else "OPEN",
        "setuid_root": _refused(_libc.setuid(0)),
        "remount_rw": _refused(_libc.mount(None, b"/", None, 32 | 4096, None)),
        "remount_work": _refused(_libc.mount(None, os.path.dirname(__file__).encode(), None, 32 | 4096, None)),
        "new_user_namespace": _refused(_libc.unshare(0x10000000)),
        "new_mount_namespace": _refused(_libc.unshare(0x00020000)),
        "clone_new_user": "blocked",
        "setns": _call("setns", os.open("/proc/self/ns/mnt", os.O_RDONLY), 0),
        "ptrace_parent": _call("ptrace", 16, os.getppid(), 0, 0),
        "bpf": _call("bpf", 0, 0, 0),
        "perf_event_open": _call("perf_event_open", 0, 0, -1, -1, 0),
        "keyctl": _call("keyctl", 0, 0, 0, 0, 0),
        "kexec_load": _call("kexec_load", 0, 0, 0, 0),
        "init_module": _call("init_module", 0, 0, 0),
        "open_by_handle_at": _call("open_by_handle_at", 0, 0, 0),
        "inet_socket": _network(),
        "shadow": _opens("/etc/shadow"),
        "grader_package": _opens(GRADER_FILE),
        "installed_packages": _installed_packages(),
        "reference_file": _opens(REFERENCE_FILE),
        "other_student": _lists(OTHER_STUDENT),
        "teacher_home": _lists(TEACHER_HOME, HOME_ALLOWED),
        "class_folder": _lists(CLASS_FOLDER),
        "write_own_file": _opens(__file__, "a"),
        "write_dev": _opens("/dev/escape", "w"),
        "write_proc_sys": _opens("/proc/sys/kernel/hostname", "w"),
        "write_cgroup": _opens("/sys/fs/cgroup/escape", "w"),
        "secret": _secret_in_proc(),
        "other_processes": "blocked" if len([p for p in os.listdir("/proc") if p.isdigit()]) <= 4 else "OPEN: " +
                           ",".join(p for p in os.listdir("/proc") if p.isdigit()),
    }
    if os.uname().machine == "x86_64":
        child = _libc.syscall(56, 0x10000000 | 17, 0, 0, 0, 0)  # clone(CLONE_NEWUSER | SIGCHLD)
        if child == 0:
            os._exit(0)
        found["clone_new_user"] = "blocked" if child < 0 else "OPEN"
    return found
'''


def probe_card(paths: dict[str, str], secret: str, port: int) -> str:
    """The probing card.py: the first ``rank()`` of each test's process runs the attacks and
    prints their findings in the test's output (once: a test calls rank() on many cards, and the
    attacks hold descriptors open)."""
    header = "".join(f"{name} = {json.dumps(value)}\n" for name, value in paths.items())
    header += f"SECRET = {secret!r}\nPORT = {port}\n_PROBED = []\n" + ATTACKS
    return card_with({"        return self._rank\n": "        if not _PROBED:\n"
                                                     "            _PROBED.append(1)\n"
                                                     "            print('ATTACKS ' + _json.dumps(_attacks()))\n"
                                                     "        return self._rank\n"}, header=header)


def findings(output: str) -> dict:
    """The attacks' findings from a test's printed output."""
    for line in output.splitlines():
        if line.startswith("ATTACKS "):
            return json.loads(line[len("ATTACKS "):])
    raise AssertionError(f"the probe printed no findings: {output[:500]!r}")


def probes_of(output: str) -> dict[str, str]:
    """What a Java probe printed, as ``PROBE <channel>\t<value>`` lines: channel -> value."""
    found = {}
    for line in output.splitlines():
        if line.startswith("PROBE "):
            channel, _, value = line[len("PROBE "):].partition("\t")
            found[channel] = value
    return found
