"""bpf_objects.py — the kernel's view of the BPF objects a process holds, for tests that check
a tracer leaves nothing behind (kill_anytime.py, term_attach.py). An object is a pair
(kind, id), kind being the fdinfo field that names it: "prog_id", "map_id" or "link_id"."""
import ctypes
import errno
import os
import re

NR_BPF = 321
BPF_OBJ_GET_INFO_BY_FD = 15
# BPF_PROG_GET_FD_BY_ID, BPF_MAP_GET_FD_BY_ID, BPF_LINK_GET_FD_BY_ID
KIND_CMD = {"prog_id": 13, "map_id": 14, "link_id": 30}
ID_LINE = re.compile(r"^(prog_id|map_id|link_id):\s+(\d+)", re.M)
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def fdinfo_ids(text):
    """The (kind, id) pairs an fdinfo text names."""
    return {(m.group(1), int(m.group(2))) for m in ID_LINE.finditer(text)}


def bpf_ids(pid):
    """The (kind, id) of every BPF object pid holds a descriptor of (empty once it is gone)."""
    ids = set()
    try:
        fds = os.listdir("/proc/%d/fdinfo" % pid)
    except OSError:
        return ids
    for fd in fds:
        try:
            with open("/proc/%d/fdinfo/%s" % (pid, fd)) as f:
                ids |= fdinfo_ids(f.read())
        except OSError:
            continue
    return ids


def bpf_holders(ids):
    """{(kind, id): [pid...]} of the processes other than this one holding one of ids."""
    want = set(ids)
    held = {}
    for d in os.listdir("/proc"):
        if d.isdigit() and int(d) != os.getpid():
            for key in bpf_ids(int(d)) & want:
                held.setdefault(key, []).append(int(d))
    return held


def bpf_open(kind, oid):
    """A descriptor of the object (kind, oid), or -1 with errno set."""
    attr = (ctypes.c_uint32 * 32)()
    attr[0] = oid
    return libc.syscall(NR_BPF, KIND_CMD[kind], ctypes.byref(attr), ctypes.sizeof(attr))


def bpf_alive(kind, oid):
    """Whether the kernel still has the object (any error but ENOENT counts as alive)."""
    fd = bpf_open(kind, oid)
    if fd >= 0:
        os.close(fd)
        return True
    return ctypes.get_errno() != errno.ENOENT


def bpf_describe(kind, oid):
    """'123 type 2 name' text for an object still alive (for messages)."""
    fd = bpf_open(kind, oid)
    if fd < 0:
        return "%d (gone)" % oid
    info = (ctypes.c_uint8 * 256)()
    a = (ctypes.c_uint64 * 16)()
    a[0] = fd | (ctypes.sizeof(info) << 32)
    a[1] = ctypes.addressof(info)
    rc = libc.syscall(NR_BPF, BPF_OBJ_GET_INFO_BY_FD, ctypes.byref(a), ctypes.sizeof(a))
    os.close(fd)
    if rc < 0:
        return "%d" % oid
    b = bytes(info)
    typ = int.from_bytes(b[0:4], "little")
    if kind == "map_id":
        name = b[24:40].split(b"\0")[0].decode(errors="replace")
    elif kind == "prog_id":
        name = b[64:80].split(b"\0")[0].decode(errors="replace")
    else:
        name = "prog %d" % int.from_bytes(b[8:12], "little")
    return "%d type %d %s" % (oid, typ, name)
