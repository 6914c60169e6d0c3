#!/usr/bin/env python3
"""netload.py — known network work on the loopback interface for tests/sh/net_xlate.sh.

  netload.py tcp FAMILY PORT N        a TCP connection to PORT (a listener of its own): N bytes
                                       sent, the sender shutting down first, then both closed
  netload.py udp FAMILY PORT K SIZE   K datagrams of SIZE bytes from a connected socket to a
                                       socket bound to PORT, each received
  netload.py refused FAMILY PORT      a TCP connect to PORT, where nothing listens: prints 0
                                       when it was refused (ECONNREFUSED), else exits 1

FAMILY is 4 (127.0.0.1) or 6 (::1). It prints its pid, then waits for a line on standard input
before the work (so tracers can start first), then prints the bytes received and exits."""
import socket
import sys
import threading


def tcp(fam, host, port, n):
    ls = socket.socket(fam, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind((host, port))
    ls.listen(1)
    got = [0]

    def serve():
        c, _ = ls.accept()
        while True:
            b = c.recv(65536)
            if not b:
                break
            got[0] += len(b)
        c.close()

    t = threading.Thread(target=serve)
    t.start()
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.connect((host, port))
    s.sendall(b'x' * n)
    s.shutdown(socket.SHUT_WR)
    t.join()
    s.close()
    ls.close()
    return got[0]


def udp(fam, host, port, k, size):
    r = socket.socket(fam, socket.SOCK_DGRAM)
    r.bind((host, port))
    s = socket.socket(fam, socket.SOCK_DGRAM)
    s.connect((host, port))
    got = 0
    for _ in range(k):
        s.send(b'y' * size)
        got += len(r.recv(65536))
    s.close()
    r.close()
    return got


def refused(fam, host, port):
    s = socket.socket(fam, socket.SOCK_STREAM)
    try:
        s.connect((host, port))
    except ConnectionRefusedError:
        return 0
    finally:
        s.close()
    sys.exit(1)


def main():
    a = sys.argv[1:]
    fam = socket.AF_INET6 if a[1] == '6' else socket.AF_INET
    host = '::1' if a[1] == '6' else '127.0.0.1'
    print(__import__('os').getpid(), flush=True)
    sys.stdin.readline()
    if a[0] == 'tcp':
        print(tcp(fam, host, int(a[2]), int(a[3])), flush=True)
    elif a[0] == 'refused':
        print(refused(fam, host, int(a[2])), flush=True)
    else:
        print(udp(fam, host, int(a[2]), int(a[3]), int(a[4])), flush=True)


main()
