"""The system-call filter student code runs under, compiled here (trusted side) with libseccomp.

Why libseccomp rather than hand-written BPF: it knows every architecture's system call numbers
and the checks a filter must make first (the audit architecture, the x32 ABI), which are the
classic mistakes of a hand-rolled filter. It is reached through ``pyseccomp`` (a small ctypes
binding, API-compatible with libseccomp's own Python binding, which Debian packages only for
its system Python), and only here: the compiled program is plain bytes that the launcher hands
to each new zygote, which loads it with one ``prctl`` (sandbox_runtime/jail.py). So the sandbox
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
  is empty anyway; this also covers the process level, which has none.
"""

import errno
import tempfile
from functools import lru_cache

DENIED = (
    "mount", "umount2", "pivot_root", "chroot", "fsopen", "fsconfig", "fsmount", "fspick", "move_mount",
    "open_tree", "mount_setattr", "unshare", "setns", "ptrace", "process_vm_readv", "process_vm_writev",
    "kcmp", "pidfd_getfd", "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "open_by_handle_at",
    "name_to_handle_at", "acct", "swapon", "swapoff", "reboot", "settimeofday", "clock_settime", "adjtimex",
    "clock_adjtime", "quotactl", "iopl", "ioperm", "lookup_dcookie", "fanotify_init", "syslog", "vhangup",
)
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
