"""Hostile deck testers: each tries one way of telling the Deck it is run against apart by
something other than what it does (tests/security/test_hostile_tester.py).

``PROBES`` is one tester file that tries every channel and prints, for each, what it found as
one JSON line; a channel that works would print something that differs from one version to
another. ``CHEAT`` is a tester a student could hand in: it tries to read the class's text every
way it knows and passes only on the texts of the two correct Decks (which it knows from the
repository), so it would score full marks wherever any way works.
"""

PROBES = r'''
import gc, hashlib, inspect, json, os, random, sys, traceback
import deck
from deck import Deck

found = {}

def attempt(name, how):
    try:
        found[name] = how()
    except BaseException as e:
        found[name] = "refused: " + type(e).__name__

def digest(data):
    return hashlib.sha256(repr(data).encode("utf-8", "surrogateescape")).hexdigest()

# 1. the file: read it, list and stat the folder, look for the class's text anywhere writable or readable
folder = os.path.dirname(deck.__file__)
attempt("read deck.py", lambda: digest(open(os.path.join(folder, "deck.py"), "rb").read()))
attempt("folder", lambda: sorted((n, os.stat(os.path.join(folder, n)).st_size) for n in os.listdir(folder)))
def search():
    hits = []
    for top in (folder, "/tmp", os.path.expanduser("~")):
        for root, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev", "usr", "lib", "lib64", "root")]
            for name in files:
                if os.path.join(root, name) == os.path.abspath(__file__):
                    continue  # this tester's own text names a deal method too
                try:
                    with open(os.path.join(root, name), "rb") as f:
                        if b"def deal" in f.read(1 << 20):
                            hits.append(os.path.join(root, name))
                except OSError:
                    pass
    return sorted(set(hits))
attempt("files holding a deal method", search)
attempt("bytecode caches", lambda: sorted(n for n in os.listdir(os.path.join(folder, "__pycache__"))))

# 2. the module and the class: attributes, code, source, docstrings
attempt("module dict", lambda: sorted(vars(deck)))
attempt("module file/spec", lambda: [deck.__file__, deck.__spec__.origin, getattr(deck, "__cached__", None), deck.__doc__])
attempt("class dir", lambda: sorted(dir(Deck)))
attempt("class dict", lambda: sorted(Deck.__dict__))
attempt("method code", lambda: digest([(n, f.__code__.co_code, f.__code__.co_consts, f.__code__.co_firstlineno,
                                          f.__code__.co_varnames, f.__code__.co_names)
                                         for n, f in sorted(vars(Deck).items()) if hasattr(f, "__code__")]))
attempt("getsource", lambda: digest(inspect.getsource(Deck)))
attempt("getsource module", lambda: digest(inspect.getsource(deck)))
attempt("loader source", lambda: digest(deck.__loader__.get_source("deck")))
attempt("docstrings", lambda: [Deck.__doc__] + [getattr(Deck, n).__doc__ for n in ("deal", "size", "shuffle")])
d = Deck(["a", "b"], ["s"], [1, 2])
attempt("instance dict", lambda: sorted(vars(d)))
attempt("instance dir", lambda: sorted(dir(d)))
attempt("private attribute", lambda: d._undealt)
attempt("other attribute", lambda: d.left)
attempt("globals of a method", lambda: sorted(Deck.deal.__globals__))
attempt("bound method internals", lambda: digest(d.deal.__func__.__code__.co_code))

# 3. where an error comes from: frames, files, line numbers, code (not the message: that is behaviour)
def frames():
    try:
        Deck(None, None, None)
    except Exception as e:
        return [(f.filename, f.lineno, f.name, f.line) for f in traceback.extract_tb(e.__traceback__)]
attempt("traceback", frames)
def chained():
    try:
        Deck(None, None, None)
    except Exception as e:
        return [repr(e.__cause__), repr(e.__context__), sorted(vars(e)), e.__traceback__.tb_next is not None and
                sorted(e.__traceback__.tb_next.tb_frame.f_globals)]
attempt("exception internals", chained)

# 4. memory: every long string, code object and function the collector knows
def memory():
    texts, codes = set(), set()
    for obj in gc.get_objects():
        if type(obj).__name__ == "code":
            codes.add((obj.co_filename, obj.co_name))
        items = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, (list, tuple)) else ()
        for item in items:
            if isinstance(item, (str, bytes)) and len(item) > 100 and (b"def deal" if isinstance(item, bytes) else "def deal") in item:
                texts.add(digest(item))
    return [sorted(texts), sorted(c for c in codes if c[0].endswith("deck.py"))]
attempt("memory", memory)
attempt("own memory scan", lambda: digest([line for line in open("/proc/self/maps").read().splitlines() if "deck" in line]))

# 5. the process that holds the class (a child of this one) and the sandbox's first process
def processes():
    children = []
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/children") as f:
            children += f.read().split()
    seen = {}
    for label, pid in [("child", p) for p in sorted(children)] + [("init", "1")]:
        entry = {}
        for name in ("mem", "maps", "environ", "fd", "cwd", "exe", "root", "stack", "syscall", "auxv"):
            path = f"/proc/{pid}/{name}"
            try:
                if name == "mem":
                    with open(path, "rb") as f:
                        entry[name] = "read: " + str(b"def deal" in f.read(1 << 16))
                elif name == "fd":
                    entry[name] = "listed: " + str(len(os.listdir(path)))
                elif name in ("cwd", "root", "exe"):
                    entry[name] = os.readlink(path)
                else:
                    with open(path, "rb") as f:
                        entry[name] = digest(f.read())
            except OSError as e:
                entry[name] = type(e).__name__
        seen[f"{label} {len(seen)}"] = entry
    return seen
attempt("other processes", processes)

# 6. the order of the runs: a counter left in /tmp and in the home
def counter(place):
    path = os.path.join(place, ".runs")
    try:
        with open(path) as f:
            count = int(f.read())
    except (OSError, ValueError):
        count = 0
    with open(path, "w") as f:
        f.write(str(count + 1))
    return count
attempt("leftovers in /tmp", lambda: sorted(os.listdir("/tmp")))
attempt("counter in /tmp", lambda: counter("/tmp"))
attempt("counter in home", lambda: counter(os.path.expanduser("~")))

# 7. the seed: the first numbers drawn, here and by the stand-in the tester sees
attempt("seed", lambda: [random.random(), random.getrandbits(64)])
attempt("environment", lambda: digest(sorted(os.environ.items())))

print(json.dumps(found, sort_keys=True))
'''


CHEAT = r'''
import gc, hashlib, inspect, os
import deck

KNOWN = {KNOWN!r}

def texts():
    """Every way of reading the Deck's text a tester could think of."""
    found = []
    for how in (lambda: open(os.path.join(os.path.dirname(deck.__file__), "deck.py"), "rb").read(),
                lambda: inspect.getsource(deck).encode(),
                lambda: deck.__loader__.get_source("deck").encode(),
                lambda: inspect.getsource(deck.Deck).encode()):
        try:
            found.append(how())
        except BaseException:
            pass
    for obj in gc.get_objects():
        if isinstance(obj, dict):
            for item in obj.values():
                if isinstance(item, str) and "def deal" in item and "class Deck" in item:
                    found.append(item.encode())
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            with open(f"/proc/{pid}/mem", "rb") as f:
                found.append(f.read(1 << 20))
        except OSError:
            pass
    return found

seen = [hashlib.sha256(t).hexdigest() for t in texts()]
# Pass exactly on the correct Decks: then every Buggy Deck and mutant is "caught".
assert any(h in KNOWN for h in seen), "cannot tell which Deck this is"
'''
