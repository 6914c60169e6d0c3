# tier: full
# pcap.sh — the pcap(skb, linktype) action on real packets (DTrace for Linux's pcap action:
# dt_cg.c records min(skb->len - skb->data_len, pcapsize) bytes of skb->data with the time and
# the link type; dt_consume.c/dt_pcap.c write them to the freopen() file as a pcap capture, or
# through tshark, or dump them as tracemem() does). A python3 child (-c) sends UDP datagrams
# of a payload of ours to a socket of its own on loopback; rawtp:net::net_dev_xmit's skb
# (arg0) is each packet, whose data on loopback starts at the IP header (loopback_xmit has
# pulled the Ethernet header: dtrace's dump of the same program shows 45 00 ... first).
# Witnesses: the capture file decoded by python3's struct (not our writer), tcpdump -r when
# installed, tshark's own lines when tshark is on PATH.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip pcap "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1
# the interpreter itself (a pyenv shim is a script that needs its PATH)
PY=/usr/bin/python3
[ -x $PY ] || PY=$(command -v python3) || { skip pcap "no python3"; exit 0; }
# a PATH without tshark (the dump, whatever the machine has): what -c's command needs
mkdir bin
for t in sh bash env python3; do
	p=$(command -v $t) && ln -s "$p" bin/$t
done

cat >send.py <<'EOF'
import socket, sys, time
time.sleep(0.5)                # usdtrace attaches before -c's command runs; be sure
r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
r.bind(("127.0.0.1", 0))       # a receiver: no ICMP port-unreachable packets
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i in range(int(sys.argv[1])):
    s.sendto(b"usdtrace-pcap-%02d" % i, r.getsockname())
    r.recv(100)
EOF
N=3
PROG='rawtp:net::net_dev_xmit /pid == $target/ { pcap((void *)arg0, PCAP_IP); }'

# decode.py FILE N [SNAP [LINK]]: a capture's header and packets, each an IPv4 UDP datagram
# carrying usdtrace-pcap-NN at offset 28 (20 bytes of IP header, 8 of UDP), after an Ethernet
# header (type 0x0800) for link type 1; prints what is wrong
cat >decode.py <<'EOF'
import struct, sys, time
d = open(sys.argv[1], "rb").read()
n, snap = int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1514
want_link = int(sys.argv[4]) if len(sys.argv) > 4 else 12
eth = 14 if want_link == 1 else 0
magic, vmaj, vmin, zone, sig, snaplen, link = struct.unpack("<IHHiIII", d[:24])
assert (magic, vmaj, vmin, zone, sig) == (0xa1b2c3d4, 2, 4, 0, 0), d[:24].hex()
assert snaplen == snap, snaplen
assert link == want_link, link                # PCAP_IP (DLT_RAW) or PCAP_ETHER
off, i, now = 24, 0, time.time()
while off < len(d):
    sec, usec, cap, ln = struct.unpack("<IIII", d[off:off + 16])
    pkt, step = d[off + 16:off + 16 + cap], 16 + cap
    if eth:                                   # the Ethernet header, then as PCAP_IP
        assert pkt[12:14] == b"\x08\x00" and cap == ln, pkt[:14].hex()
        cap, ln, pkt = cap - eth, ln - eth, pkt[eth:]
    assert abs(sec + usec / 1e6 - now) < 120, (sec, now)
    assert usec < 1000000 and len(pkt) == cap
    want = b"usdtrace-pcap-%02d" % i
    full = 28 + len(want)
    assert ln == min(full, snap) and cap == ln, (cap, ln)
    assert pkt[0] == 0x45 and pkt[9] == 17, pkt[:10].hex()       # IPv4, UDP
    assert pkt[28:] == want[:max(0, cap - 28)], pkt[28:]
    assert struct.unpack(">H", pkt[24:26])[0] == full - 20 if cap >= 26 else True
    off += step
    i += 1
assert i == n, "%d packets" % i
EOF

# 1. no file, no tshark: each packet dumped as tracemem() dumps (dt_print_rawbytes), its
#    ASCII column showing the payload
env PATH="$W/bin" "$U" -q -c "$PY send.py $N" -n "$PROG" >dump 2>err
#    (44 bytes: 20 of IP header, 8 of UDP, 16 of payload, which ends the third row)
rows=$(grep -c '^         0: 45 00 00 2c ' dump)
if [ "$rows" = $N ] && grep -q '+usdt$' dump &&
   grep -q '^        20: 72 61 63 65 2d 70 63 61 70 2d 30 30              race-pcap-00$' dump &&
   grep -q '^        20: 72 61 63 65 2d 70 63 61 70 2d 30 32              race-pcap-02$' dump &&
   grep -q '^             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef$' dump &&
   [ ! -s err ]; then
	ok pcap-dump
else
	notok pcap-dump "rows $rows: [$(cat dump)] err [$(cat err)]"
fi

# 2. freopen(): the packets in a pcap file (and the output restored at END, so that the file
#    holds the capture alone)
"$U" -wq -c "$PY send.py $N" -n "BEGIN { freopen(\"$W/cap.pcap\"); } $PROG
	END { freopen(\"\"); printf(\"end\\n\"); }" >out 2>err
if why=$("$PY" decode.py cap.pcap $N 2>&1) && [ "$(cat out)" = "end" ] && [ ! -s err ]; then
	ok pcap-file
else
	notok pcap-file "$why out [$(cat out)] err [$(cat err)]"
fi
if command -v tcpdump >/dev/null 2>&1; then
	tcpdump -nr cap.pcap >td 2>td.err
	if [ "$(grep -c 'IP 127.0.0.1.[0-9]* > 127.0.0.1.[0-9]*: UDP, length 16' td)" = $N ]; then
		ok pcap-file-tcpdump
	else
		notok pcap-file-tcpdump "[$(cat td td.err)]"
	fi
else
	skip pcap-file-tcpdump "tcpdump is not installed"
fi

# 3. -x pcapsize=20: dtrace rounds it up to 24 (dt_opt_pcapsize): the capture's snaplen and
#    each packet's bytes
"$U" -wq -x pcapsize=20 -c "$PY send.py $N" -n "BEGIN { freopen(\"$W/small.pcap\"); } $PROG
	END { freopen(\"\"); }" >out 2>err
if why=$("$PY" decode.py small.pcap $N 24 2>&1) && [ ! -s err ]; then
	ok pcap-size
else
	notok pcap-size "$why err [$(cat err)]"
fi

# 4. tshark on PATH: dtrace pipes the packets through `tshark -l -i -` and prints its lines
#    as "pcap \t" LINE
if command -v tshark >/dev/null 2>&1; then
	"$U" -q -c "$PY send.py $N" -n "$PROG" >tsh 2>err
	if [ "$(grep -c "^pcap 	 *[0-9]* .*127.0.0.1 .* 127.0.0.1 *UDP 44 " tsh)" = $N ]; then
		ok pcap-tshark
	else
		notok pcap-tshark "[$(cat tsh)] err [$(cat err)]"
	fi
else
	skip pcap-tshark "tshark is not installed"
fi

# 5. the ip provider: ip:::send's arg0 is the socket buffer where the frame is built (usdtrace's
#    ip provider: rawtp:net::net_dev_start_xmit), its data at the Ethernet header
"$U" -wq -c "$PY send.py $N" -n "BEGIN { freopen(\"$W/ip.pcap\"); }
	ip:::send /pid == \$target/ { pcap((void *)arg0, PCAP_ETHER); } END { freopen(\"\"); }" \
	>out 2>err
if why=$("$PY" decode.py ip.pcap $N 1514 1 2>&1) && [ ! -s err ]; then
	ok pcap-ip-send
else
	notok pcap-ip-send "$why err [$(cat err)]"
fi

# 6. JSON: the packet's bytes in a pcap item (the text's capture routes are not taken)
"$U" -q -x oformat=json -c "$PY send.py 1" -n "$PROG" >json 2>err
if "$PY" - json <<'EOF'
import json, sys
items = [o for l in open(sys.argv[1]) for d in [json.loads(l)] if d["type"] == "probe"
         for o in d["output"]]
assert len(items) == 1 and items[0]["kind"] == "pcap" and items[0]["linktype"] == 12, items
b = bytes(items[0]["bytes"])
assert b[0] == 0x45 and b[28:] == b"usdtrace-pcap-00", b
assert items[0]["time"] > 0
EOF
then
	ok pcap-json
else
	notok pcap-json "[$(cat json)] err [$(cat err)]"
fi
