"""stw_client — talk to usdtraced's registration socket (docs/usdtraced.md) for
tests/sh/usdtraced.sh:
  stw_client.py SOCK list                 print the daemon's LIST reply
  stw_client.py SOCK register FILE READY  map FILE read-only (no PROT_EXEC: no mmap event),
                                          REGISTER it, print the reply, touch READY, then sleep
                                          until killed (the mapping stays)
  stw_client.py SOCK register-unmapped FILE   REGISTER FILE without mapping it
  stw_client.py SOCK raw TEXT             send TEXT, print the reply"""
import mmap
import os
import socket
import sys
import time


def request(path, text, fd=None):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    if fd is None:
        s.sendall(text.encode())
    else:
        socket.send_fds(s, [text.encode()], [fd])
    out = b""
    while True:
        b = s.recv(65536)
        if not b:
            break
        out += b
    s.close()
    return out.decode()


def main():
    sock, cmd = sys.argv[1], sys.argv[2]
    if cmd == "list":
        sys.stdout.write(request(sock, "LIST\n"))
    elif cmd == "raw":
        sys.stdout.write(request(sock, sys.argv[3]))
    elif cmd == "register-unmapped":
        fd = os.open(sys.argv[3], os.O_RDONLY)
        sys.stdout.write(request(sock, "REGISTER\n", fd))
    elif cmd == "register":
        fd = os.open(sys.argv[3], os.O_RDONLY)
        m = mmap.mmap(fd, 0, prot=mmap.PROT_READ)
        sys.stdout.write(request(sock, "REGISTER\n", fd))
        sys.stdout.flush()
        open(sys.argv[4], "w").close()
        while True:
            time.sleep(1)
            m[0]


main()
