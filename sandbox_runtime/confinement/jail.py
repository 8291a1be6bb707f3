"""The jail: what a new zygote does to itself, as root of its namespaces, before student code exists.

Called in a process the launcher has just forked, single-threaded, that is the first process
(pid 1) of a PID namespace of its own (the launcher made it so: workers/launcher.py).
It sets up, in this order, and says what it set up (``enter`` returns it):

1. **Its own mount and IPC namespaces**, with every mount private, so nothing it mounts is seen
   outside, and nothing outside is seen in it but what it binds.
2. **A new root file system** on a small tmpfs: the folders the grader names read-only (the
   system's libraries and the Python runtime, at the same paths, so nothing else changes), the
   sandbox's ``work`` folder read-only and its ``home`` as a fresh writable tmpfs, a private
   ``/tmp``, a ``/dev`` holding only null, zero, random and urandom, and a ``/proc`` of its own
   PID namespace. Then ``pivot_root`` into it and the old root detached: the grader's package,
   its suites, hidden tests, the reference files not staged, other students' folders and the
   teacher's home are not in this file system at all. The new root is then made read-only.
3. **No privilege, for good**: every capability dropped from the bounding set, the ambient set
   and the effective, permitted and inheritable sets; an unprivileged uid and gid (a dedicated
   id when the grader is root; id 1000 of a nested user namespace when it is not); no
   supplementary groups; ``no_new_privs``.
4. **A seccomp filter** (compiled on the trusted side with libseccomp: grader/sandbox/seccomp.py)
   that refuses mount and its new-API kin, unshare and setns and namespace flags to clone,
   ptrace and process_vm_*, bpf, perf_event_open, keyctl, kexec, module loading,
   open_by_handle_at and the like; System V IPC and POSIX message queues (the IPC namespace
   made in step 1 is shared by every test of the sandbox); and scheduling any process but the
   caller (a test could otherwise set its zygote's priority, which later workers inherit).

The mounts are made while this process still holds capabilities over its mount namespace;
student code, which runs after step 3, holds none over it (and the filter refuses the calls),
so a read-only mount stays read-only. Any failure ends the process with exit code 71 before a
line of student code runs: a jail that is not whole is never used.

Everything here is plain ctypes on libc: it runs in the sandbox, where no site-packages exist.
"""

import ctypes
import os
import platform

# <sched.h>
CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = (
    0x00020000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000)
# <sys/mount.h>
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2  # umount2: detach now, free when no longer used
# statvfs's f_flag bits that a remount of a bind must keep (they may be locked from outside).
ST_FLAGS = {1: MS_RDONLY, 2: MS_NOSUID, 4: MS_NODEV, 8: MS_NOEXEC}
# <linux/prctl.h>
PR_CAPBSET_DROP, PR_SET_KEEPCAPS, PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP = 24, 8, 38, 22
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
SECCOMP_MODE_FILTER = 2
# System call numbers libc has no wrapper for, by machine.
SYSCALLS = {"x86_64": {"pivot_root": 155, "capset": 126}, "aarch64": {"pivot_root": 41, "capset": 91}}

DEVICES = ("null", "zero", "random", "urandom")
OLD_ROOT = "/.old-root"  # where pivot_root puts the host's root, until it is detached
EXIT_JAIL_FAILED = 71
TMP_SIZE = "size=16m"
HOME_SIZE = "size=16m"

_libc = ctypes.CDLL(None, use_errno=True)
_libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p)
_libc.umount2.argtypes = (ctypes.c_char_p, ctypes.c_int)
_libc.prctl.argtypes = (ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong)
_MACHINE = SYSCALLS.get(platform.machine(), {})


class JailError(OSError):
    """A step of the jail failed; the zygote exits rather than run student code outside it."""


def _check(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise JailError(number, f"{what}: {os.strerror(number)}")


def unshare(flags: int) -> None:
    _check(_libc.unshare(flags), f"unshare({flags:#x})")


def setns(fd: int, flags: int) -> None:
    _check(_libc.setns(fd, flags), "setns")


def mount(source: str | None, target: str, kind: str | None, flags: int, data: str | None = None) -> None:
    encode = (lambda text: None if text is None else os.fsencode(text))
    _check(_libc.mount(encode(source), encode(target), encode(kind), flags, encode(data)),
           f"mount {source or kind} on {target}")


# -- the file system ------------------------------------------------------------------------------
def _inside(root: str, path: str) -> str:
    return os.path.join(root, path.lstrip("/"))


def _make_dirs(root: str, path: str) -> str:
    """``path`` under ``root``, created with every folder on the way world-traversable (0755):
    an unprivileged id must be able to walk to what is bound there (``/root/.pyenv/...``)."""
    target = root
    for part in path.strip("/").split("/"):
        target = os.path.join(target, part)
        if not os.path.lexists(target):
            os.mkdir(target, 0o755)
    return target


def _bind_read_only(root: str, source: str) -> None:
    """Bind ``source`` at the same path under ``root``, read-only, no set-uid, no devices.

    A link on the host (Debian's ``/bin -> usr/bin``) becomes the same link in the new root.
    The remount keeps the flags the source mount has (they may be locked by an outer user
    namespace: a remount that drops one is refused)."""
    if os.path.islink(source):
        parent = _make_dirs(root, os.path.dirname(source))
        os.symlink(os.readlink(source), os.path.join(parent, os.path.basename(source)))
        return
    if not os.path.exists(source):
        return
    if os.path.isdir(source):
        target = _make_dirs(root, source)
    else:
        target = _inside(_make_dirs(root, os.path.dirname(source)), os.path.basename(source))
        open(target, "wb").close()
    mount(source, target, None, MS_BIND | MS_REC)
    kept = 0
    for bit, flag in ST_FLAGS.items():
        if os.statvfs(source).f_flag & bit:
            kept |= flag
    mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | kept)


def _tmpfs(target: str, options: str) -> None:
    mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, options)


def build_root(spec: dict, owner: tuple[int, int]) -> None:
    """Steps 1 and 2 of the module docstring; ``owner`` (uid, gid, as the kernel sees them now)
    will own the writable home and tmp."""
    unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS)
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    root = spec["root"]
    _tmpfs(root, "size=1m,mode=0755")
    uid, gid = owner
    # /tmp first: what is bound below it (the JVM worker's classes) must not be covered by it.
    _tmpfs(_make_dirs(root, "/tmp"), f"{TMP_SIZE},mode=1777,uid={uid},gid={gid}")
    for path in spec.get("read_only", []):
        _bind_read_only(root, path)
    for path in spec.get("hidden", []):  # installed packages (the grader among them): an empty cover
        target = _inside(root, path)
        if os.path.isdir(target):
            _tmpfs(target, "size=4k,mode=0755")
            mount(None, target, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "size=4k,mode=0755")
    work = _make_dirs(root, spec["work"])
    mount(spec["work"], work, None, MS_BIND | MS_REC)
    mount(None, work, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)
    _tmpfs(_make_dirs(root, spec["home"]), f"{HOME_SIZE},mode=0700,uid={uid},gid={gid}")
    dev = _make_dirs(root, "/dev")
    _tmpfs(dev, "size=64k,mode=0755")
    for name in DEVICES:
        open(os.path.join(dev, name), "wb").close()
        mount(f"/dev/{name}", os.path.join(dev, name), None, MS_BIND)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"),
                         ("stdout", "/proc/self/fd/1"), ("stderr", "/proc/self/fd/2")):
        os.symlink(target, os.path.join(dev, name))
    proc = _make_dirs(root, "/proc")
    mount("proc", proc, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    old = _make_dirs(root, OLD_ROOT)
    _check(_libc.syscall(_MACHINE["pivot_root"], os.fsencode(root), os.fsencode(old)), "pivot_root")
    os.chdir("/")
    # The old root is detached, not covered: under a cover its whole mount table (the host's
    # layout, every mount point of the machine) stayed listed in /proc/self/mountinfo for
    # student code to read. Detaching waits for an RCU grace period: 0.1-0.5 ms median, 1.7-3.2 ms
    # mean per sandbox on kernel 6.18 under load (docs/architecture.md, "What the jail costs").
    _check(_libc.umount2(os.fsencode(OLD_ROOT), MNT_DETACH), f"umount {OLD_ROOT}")
    os.rmdir(OLD_ROOT)
    mount(None, "/dev", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "size=64k,mode=0755")
    mount(None, "/", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "size=1m,mode=0755")


# -- privileges -----------------------------------------------------------------------------------
def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def in_initial_user_namespace() -> bool:
    try:
        with open("/proc/self/uid_map") as file:
            return file.read().split() == ["0", "0", "4294967295"]
    except OSError:
        return True


def become_unprivileged(uid: int, gid: int, nested: bool) -> tuple[int, int]:
    """Step 3: drop to ``uid``/``gid`` as real root, or, in a user namespace (``nested``), to
    id 1000 of a new user namespace whose only id is this process's own. Returns the ids now."""
    if nested:
        # First: a new user namespace hands its creator every capability again, bounding set included.
        unshare(CLONE_NEWUSER)
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", "1000 0 1")
        _write("/proc/self/gid_map", "1000 0 1")
        uid = gid = 1000
    for cap in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == 22:
            break  # EINVAL: past the last capability this kernel knows
    _libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    if not nested:
        _libc.prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0)
        os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    _drop_capability_sets()
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    if 0 in os.getresuid() or 0 in os.getresgid():
        raise JailError(1, "an id of 0 is left")
    return os.getuid(), os.getgid()


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _drop_capability_sets() -> None:
    """Empty the effective, permitted and inheritable sets (a nested user namespace's creator
    holds every capability in it whatever its uid)."""
    header = _CapHeader(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3: two 32-bit words
    data = (_CapData * 2)()
    _check(_libc.syscall(_MACHINE["capset"], ctypes.byref(header), data), "capset")


def capabilities() -> dict:
    """What this process holds, from /proc/self/status: for the record the grader keeps."""
    held = {}
    with open("/proc/self/status") as file:
        for line in file:
            key, _, value = line.partition(":")
            if key in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb", "NoNewPrivs", "Seccomp"):
                held[key] = value.strip()
    return held


# -- seccomp --------------------------------------------------------------------------------------
class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install_filter(program: bytes) -> None:
    """Step 4: load a compiled BPF program (8 bytes an instruction) as this process's filter."""
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    _check(_libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0), "seccomp")


# -- all of it ------------------------------------------------------------------------------------
def enter(spec: dict, seccomp: bytes | None) -> dict:
    """Steps 1-4 (1-2 only with ``spec["namespaces"]``); what was set up, for the grader's record.

    ``spec``: ``root`` (an empty folder to build the new root on), ``work``, ``home``,
    ``read_only`` (paths), ``uid``/``gid`` (the ids to become when this process is real root).
    """
    nested = not in_initial_user_namespace()
    real_root = os.geteuid() == 0 and not nested
    uid, gid = (spec["uid"], spec["gid"]) if real_root else (os.getuid(), os.getgid())
    if spec.get("namespaces"):
        build_root(spec, (uid, gid))
    if nested or (real_root and uid is not None):
        uid, gid = become_unprivileged(uid, gid, nested)
    else:  # not root, or root at the process level by the teacher's explicit choice
        uid, gid = os.getuid(), os.getgid()
        _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    if seccomp:
        install_filter(seccomp)
    return {"uid": uid, "gid": gid, "user_namespace": nested, "filter": bool(seccomp),
            "root": "private" if spec.get("namespaces") else "shared"}


def exec_jailed(spec: dict, argv: list[str]) -> None:
    """Jail this process (the first of a PID namespace ``unshare --fork`` made) and become
    ``argv``: how the JVM worker is started (grader/java/worker.py). Exits 71 with the reason on
    standard error if any step fails; the program is never started outside a whole jail."""
    try:
        enter(spec, bytes.fromhex(spec.pop("seccomp", "") or ""))
        os.chdir(spec["home"])
        os.execv(argv[0], argv)
    except BaseException as exc:  # noqa: BLE001 - any failure: say it, start nothing
        os.write(2, f"the jail could not be set up: {type(exc).__name__}: {exc}\n".encode())
    os._exit(EXIT_JAIL_FAILED)
