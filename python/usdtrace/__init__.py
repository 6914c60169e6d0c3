"""usdtrace — USDT probes defined at run time, for Python 3.9+.

A thin ctypes layer over libusdtrace-probe (include/usdtrace/probe.h): each load writes a small
shared object with standard stapsdt probes into a memfd and loads it, so usdtrace, bpftrace and
gdb trace the probes as any USDT probe::

    import usdtrace
    p = usdtrace.Provider("app")
    work = p.probe("work", int, str)      # int is int64_t, str a NUL-terminated string
    p.load()
    work.fire(7, "x")                     # costs a semaphore read when nobody traces
    if work.enabled:                      # true only while a tracer has the probe enabled
        work.fire(len(data), describe(data))

    @p.function_probes()                  # probes handle-entry(name) and handle-return(name, ok)
    def handle(request): ...

Argument types: int (int64), str and bytes (strings), bool (uint8), or one of the names
"int8" "uint8" "int16" "uint16" "int32" "uint32" "int64" "uint64" "string" "pointer".
Errors are usdtrace.Error (an OSError with the library's errno and message).

The library is found in this order: $USDTRACE_PROBE_LIB, the build tree this module sits in
(python/usdtrace/ beside build/), the copy `make install` installed, the loader's search path.
"""
import ctypes
import functools
import os

__all__ = ["Provider", "Probe", "Error", "MAX_ARGS"]

MAX_ARGS = 12
_INSTALLED_LIB = None

_TYPES = {  # name: (enum usdtrace_type, ctypes type)
    "int8": (1, ctypes.c_int8), "uint8": (2, ctypes.c_uint8),
    "int16": (3, ctypes.c_int16), "uint16": (4, ctypes.c_uint16),
    "int32": (5, ctypes.c_int32), "uint32": (6, ctypes.c_uint32),
    "int64": (7, ctypes.c_int64), "uint64": (8, ctypes.c_uint64),
    "string": (9, ctypes.c_char_p), "pointer": (10, ctypes.c_void_p),
}
_PYTYPES = {int: "int64", str: "string", bytes: "string", bool: "uint8"}


class Error(OSError):
    """A failed library call: errno as the library returned it, and its message."""


def _find_library():
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("USDTRACE_PROBE_LIB"),
                  os.path.join(here, "..", "..", "build", "libusdtrace-probe.so.0"),
                  _INSTALLED_LIB]
    for path in candidates:
        if path and os.path.exists(path):
            return ctypes.CDLL(os.path.realpath(path), use_errno=True)
    return ctypes.CDLL("libusdtrace-probe.so.0", use_errno=True)


_lib = _find_library()
_lib.usdtrace_provider_new.restype = ctypes.c_void_p
_lib.usdtrace_provider_new.argtypes = [ctypes.c_char_p]
_lib.usdtrace_probe_add.restype = ctypes.c_void_p
_lib.usdtrace_probe_add.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                    ctypes.POINTER(ctypes.c_int)]
_lib.usdtrace_provider_load.argtypes = [ctypes.c_void_p]
_lib.usdtrace_provider_unload.argtypes = [ctypes.c_void_p]
_lib.usdtrace_provider_destroy.argtypes = [ctypes.c_void_p]
_lib.usdtrace_provider_destroy.restype = None
_lib.usdtrace_probe_semaphore.restype = ctypes.c_void_p
_lib.usdtrace_probe_semaphore.argtypes = [ctypes.c_void_p]
_lib.usdtrace_probe_function.restype = ctypes.c_void_p
_lib.usdtrace_probe_function.argtypes = [ctypes.c_void_p]
_lib.usdtrace_probe_path.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
_lib.usdtrace_probe_errmsg.restype = ctypes.c_char_p
_lib.usdtrace_probe_errmsg.argtypes = []

# What an unloaded probe's semaphore reads (0: firing does nothing) and a destroyed one's
# (nonzero: firing takes the slow path, which raises).
_UNLOADED = ctypes.c_ushort(0)
_DEAD = ctypes.c_ushort(1)


def _raise(err):
    msg = _lib.usdtrace_probe_errmsg().decode(errors="replace")
    raise Error(err, msg or os.strerror(err))


def _check_ptr(ptr):
    if not ptr:
        _raise(ctypes.get_errno())
    return ptr


class Probe:
    """One probe of a Provider. fire(*args) fires it; enabled says whether it is traced."""

    def __init__(self, provider, handle, name, kinds):
        self._provider = provider
        self._handle = handle
        self.name = name
        self._kinds = kinds
        self._nargs = len(kinds)
        self._sem = _UNLOADED
        self._fn = None

    def _bind(self):
        """Called after a load: the semaphore and the site function of the loaded object."""
        sem = _check_ptr(_lib.usdtrace_probe_semaphore(self._handle))
        fn = _check_ptr(_lib.usdtrace_probe_function(self._handle))
        proto = ctypes.CFUNCTYPE(None, *[_TYPES[k][1] for k in self._kinds])
        self._fn = proto(fn)
        self._sem = ctypes.c_ushort.from_address(sem)

    def _unbind(self, dead):
        self._fn = None
        self._sem = _DEAD if dead else _UNLOADED

    @property
    def enabled(self):
        """True while a tracer has the probe enabled (reads its semaphore)."""
        if self._sem is _DEAD:
            raise Error(19, "probe %s: its provider was destroyed" % self.name)
        return self._sem.value != 0

    def fire(self, *args):
        """Fires the probe with its declared arguments; nothing is done unless traced."""
        if not self._sem.value:
            if len(args) != self._nargs:
                self._bad_count(args)
            return
        self._fire_slow(args)

    def _bad_count(self, args):
        raise TypeError("probe %s takes %d arguments (%d given)"
                        % (self.name, self._nargs, len(args)))

    def _fire_slow(self, args):
        if self._sem is _DEAD:
            raise Error(19, "probe %s: its provider was destroyed" % self.name)
        if len(args) != self._nargs:
            self._bad_count(args)
        if self._fn is None:
            return
        conv = [a.encode() if isinstance(a, str) else a for a in args]
        self._fn(*conv)

    @property
    def path(self):
        """/proc/PID/fd/N of the object the probe is loaded in (for bpftrace's usdt:PATH:...)."""
        buf = ctypes.create_string_buffer(64)
        err = _lib.usdtrace_probe_path(self._handle, buf, len(buf))
        if err < 0:
            _raise(-err)
        return buf.value.decode()


class Provider:
    """A provider: add probes with probe(), then load(); probes added later need another load()
    (a new object; the probes loaded before keep working)."""

    def __init__(self, name):
        self.name = name
        self._handle = _check_ptr(_lib.usdtrace_provider_new(name.encode()))
        self._probes = []
        self._loaded = False

    def probe(self, name, *types):
        """Adds probe `name` with arguments of the given types (see the module's doc)."""
        kinds = []
        for t in types:
            k = _PYTYPES.get(t, t)
            if k not in _TYPES:
                raise Error(22, "probe %s: argument type %r is not one of int, str, bytes, "
                            "bool or %s" % (name, t, ", ".join(_TYPES)))
            kinds.append(k)
        n = len(kinds)
        arr = (ctypes.c_int * max(n, 1))(*[_TYPES[k][0] for k in kinds])
        handle = _check_ptr(_lib.usdtrace_probe_add(self._handle, name.encode(), n, arr))
        pr = Probe(self, handle, name, kinds)
        self._probes.append(pr)
        return pr

    def load(self):
        """Loads the probes added since the last load; returns how many."""
        n = _lib.usdtrace_provider_load(self._handle)
        if n < 0:
            _raise(-n)
        for pr in self._probes:
            if pr._fn is None:
                pr._bind()
        self._loaded = True
        return n

    def unload(self):
        """Unloads every object: the probes stay, unloaded, until the next load()."""
        for pr in self._probes:
            pr._unbind(False)
        err = _lib.usdtrace_provider_unload(self._handle)
        if err < 0:
            _raise(-err)
        self._loaded = False

    def destroy(self):
        """Unloads and destroys: the probes' fire and enabled then raise Error (ENODEV)."""
        if self._handle is None:
            return
        for pr in self._probes:
            pr._unbind(True)
        _lib.usdtrace_provider_destroy(self._handle)
        # the library keeps the records of destroyed providers: the handle stays safe to pass

    def function_probes(self, name=None):
        """Decorator: probes NAME-entry(function) and NAME-return(function, ok) around each
        call, ok 1 for a return and 0 for an exception. NAME defaults to the function's name;
        when the provider is loaded already, the new probes are loaded at once."""
        def decorate(func):
            base = name or func.__name__
            entry = self.probe(base + "-entry", str)
            ret = self.probe(base + "-return", str, "int32")
            if self._loaded:
                self.load()
            qual = func.__qualname__

            @functools.wraps(func)
            def wrapper(*args, **kwargs):
                if entry._sem.value:
                    entry._fire_slow((qual,))
                try:
                    result = func(*args, **kwargs)
                except BaseException:
                    if ret._sem.value:
                        ret._fire_slow((qual, 0))
                    raise
                if ret._sem.value:
                    ret._fire_slow((qual, 1))
                return result
            wrapper.entry_probe = entry
            wrapper.return_probe = ret
            return wrapper
        return decorate

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()
        return False
