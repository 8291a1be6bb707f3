"""The system-call filter student code runs under, compiled here (trusted side) with libseccomp.

Why libseccomp rather than hand-written BPF: it knows every architecture's system call numbers
and the checks a filter must make first (the audit architecture, the x32 ABI), which are the
classic mistakes of a hand-rolled filter. It is reached through ``pyseccomp`` (a small ctypes
binding, API-compatible with libseccomp's own Python binding, which Debian packages only for
its system Python), and only here: the compiled program is plain bytes that the launcher hands
to each new zygote, which loads it with one ``prctl`` (sandbox_runtime/confinement/jail.py). So the sandbox
needs neither the library nor site-packages.

The filter is a deny list: everything a Python or Java program needs stays allowed, and what
only serves to change the sandbox itself, or to reach past it, is refused with EPERM:

- the file system's shape: mount, umount2, pivot_root, chroot, and the new mount API
  (fsopen, fsconfig, fsmount, fspick, move_mount, open_tree, mount_setattr);
- namespaces: unshare, setns, and clone with any CLONE_NEW* flag; clone3, whose flags sit in
  memory a filter cannot read, answers ENOSYS, so libc falls back to clone (as Docker's and
  Chromium's filters do);
- other processes: ptrace, process_vm_readv/writev, kcmp, pidfd_getfd;
- the kernel: bpf, perf_event_open, userfaultfd, keyctl, add_key, request_key, kexec_load,
  kexec_file_load, init_module, finit_module, delete_module, open_by_handle_at,
  name_to_handle_at, acct, swapon, swapoff, reboot, settimeofday, clock_settime, adjtimex,
  clock_adjtime, quotactl, iopl, ioperm, lookup_dcookie, fanotify_init, syslog, vhangup;
- the network: socket() of any family but AF_UNIX (EACCES). The sandbox's network namespace
  is empty anyway; this also covers the process level, which has none;
- what outlives a process and so could carry a mark from one test to a later one: System V
  shared memory, message queues and semaphores (shmget/shmat/shmdt/shmctl, msgget/msgsnd/
  msgrcv/msgctl, semget/semop/semtimedop/semctl, and ``ipc``, the one call they go through on
  some 32-bit machines) and POSIX message queues (mq_*). An IPC object lives in its IPC
  namespace until removed, and every test of a sandbox shares its namespace (at the process
  level, the machine's). Neither Python nor the JVM uses them to start or run (measured with
  strace); POSIX shared memory and semaphores are files in /dev/shm, which the jail has none of;
- scheduling another process: setpriority, sched_setaffinity, sched_setscheduler,
  sched_setparam, sched_setattr, ioprio_set and prlimit64 aimed at any process but the caller
  (a pid or ``who`` other than 0, or a process group or user). A test runs as the same user as
  its zygote and the spare forked for the next test, so it could otherwise lower their priority,
  pin them to a core or make them SCHED_IDLE, and every later test would inherit it. A program
  changes its own settings with pid 0, as Python's ``os.nice``, ``resource.setrlimit`` and
  ``os.sched_setaffinity(0, ...)`` and the JVM do; one thread can no longer change another's.
"""

import errno
import tempfile
from functools import lru_cache

# System V IPC and POSIX message queues (the *_time64 forms and ``ipc`` exist on 32-bit machines only).
IPC = ("shmget", "shmat", "shmdt", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop", "semtimedop",
       "semtimedop_time64", "semctl", "ipc", "mq_open", "mq_unlink", "mq_timedsend", "mq_timedsend_time64",
       "mq_timedreceive", "mq_timedreceive_time64", "mq_notify", "mq_getsetattr")
DENIED = (
    "mount", "umount2", "pivot_root", "chroot", "fsopen", "fsconfig", "fsmount", "fspick", "move_mount",
    "open_tree", "mount_setattr", "unshare", "setns", "ptrace", "process_vm_readv", "process_vm_writev",
    "kcmp", "pidfd_getfd", "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "open_by_handle_at",
    "name_to_handle_at", "acct", "swapon", "swapoff", "reboot", "settimeofday", "clock_settime", "adjtimex",
    "clock_adjtime", "quotactl", "iopl", "ioperm", "lookup_dcookie", "fanotify_init", "syslog", "vhangup",
    *IPC,
)
# Calls refused unless every argument named is 0 (the calling process itself): (name, arguments).
SELF_ONLY = (("setpriority", (0, 1)), ("ioprio_set", (1,)), ("sched_setaffinity", (0,)), ("sched_setscheduler", (0,)),
             ("sched_setparam", (0,)), ("sched_setattr", (0,)), ("prlimit64", (0,)))
IOPRIO_WHO_PROCESS = 1  # ioprio_set's first argument for "a process" (setpriority's PRIO_PROCESS is 0)
NAMESPACE_FLAGS = (0x00000080, 0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000,
                   0x40000000)  # CLONE_NEWTIME, NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET
AF_UNIX = 1


class FilterUnavailable(RuntimeError):
    """No filter can be compiled here (no libseccomp); the message says what to install."""


@lru_cache(maxsize=1)
def compiled_filter() -> bytes:
    """The filter as a BPF program for this machine's architecture (FilterUnavailable if none)."""
    try:
        import pyseccomp as seccomp
    except (ImportError, OSError) as exc:  # the binding is installed; the library may not be
        raise FilterUnavailable(
            f"cannot load libseccomp ({exc}): install it (Debian and Ubuntu: apt-get install libseccomp2)") from None
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    for name in DENIED:
        try:
            rules.add_rule(seccomp.ERRNO(errno.EPERM), name)
        except (RuntimeError, ValueError, OSError):
            pass  # a call this kernel's architecture does not have (iopl on arm64)
    for flag in NAMESPACE_FLAGS:
        rules.add_rule(seccomp.ERRNO(errno.EPERM), "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    for name, arguments in SELF_ONLY:
        for number in arguments:
            rules.add_rule(seccomp.ERRNO(errno.EPERM), name, seccomp.Arg(number, seccomp.NE, 0))
    rules.add_rule(seccomp.ERRNO(errno.EPERM), "ioprio_set", seccomp.Arg(0, seccomp.NE, IOPRIO_WHO_PROCESS))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    rules.add_rule(seccomp.ERRNO(errno.EACCES), "socket", seccomp.Arg(0, seccomp.NE, AF_UNIX))
    with tempfile.TemporaryFile() as file:  # export_bpf writes to a real descriptor
        rules.export_bpf(file)
        file.seek(0)
        return file.read()


def availability() -> str | None:
    """None when a filter can be compiled here, else why not."""
    try:
        compiled_filter()
    except FilterUnavailable as exc:
        return str(exc)
    return None


def seccomp_program() -> bytes | None:
    """The filter, or None where none can be had (the run's summary then says so)."""
    try:
        return compiled_filter()
    except FilterUnavailable:
        return None
