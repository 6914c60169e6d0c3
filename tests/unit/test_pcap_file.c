/* test_pcap_file.c — the classic pcap format as pcap_file.c writes it, byte by byte. The
 * layout is libpcap's savefile format (pcap-savefile(5)): a 24-byte global header (magic
 * 0xa1b2c3d4, version 2.4, thiszone, sigfigs, snaplen, linktype) and a 16-byte header per
 * packet (ts_sec, ts_usec, caplen, len), host byte order; the expected bytes below are
 * written out little-endian (x86-64), not computed with the code under test. */
#include "t.h"
#include "pcap_file.h"

#include <stdint.h>
#include <time.h>
#include <unistd.h>

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
T_CASE(global_header_bytes)
{
	unsigned char h[PCAP_FILE_HEADER_SIZE];
	pcap_file_header(h, 1520, 12);
	static const unsigned char want[24] = {
		0xd4, 0xc3, 0xb2, 0xa1,   /* magic */
		0x02, 0x00, 0x04, 0x00,   /* version 2.4 */
		0, 0, 0, 0,               /* thiszone */
		0, 0, 0, 0,               /* sigfigs */
		0xf0, 0x05, 0x00, 0x00,   /* snaplen 1520 */
		0x0c, 0x00, 0x00, 0x00,   /* linktype 12 (PCAP_IP, DLT_RAW) */
	};
	T_CHECK(memcmp(h, want, sizeof(want)) == 0);
}

T_CASE(packet_header_bytes)
{
	unsigned char h[PCAP_PACKET_HEADER_SIZE];
	pcap_packet_header(h, 0x6b0c4d91, 999999, 46, 46);
	static const unsigned char want[16] = {
		0x91, 0x4d, 0x0c, 0x6b,   /* ts_sec */
		0x3f, 0x42, 0x0f, 0x00,   /* ts_usec 999999 */
		0x2e, 0, 0, 0,            /* caplen 46 */
		0x2e, 0, 0, 0,            /* len 46 */
	};
	T_CHECK(memcmp(h, want, sizeof(want)) == 0);
}
#endif

static uint32_t rd32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static size_t slurp(const char *path, unsigned char *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	size_t n = fread(buf, 1, cap, f);
	fclose(f);
	return n;
}

/* Two captures to one file: one global header (the first packet's link type, the snaplen
 * given), each packet after it; a packet of another link type is left out (DTrace for
 * Linux's dt_pcap_dump drops it); times are the boot time plus the packet's ns. */
T_CASE(file_packets)
{
	char path[] = "/tmp/test_pcap_file_XXXXXX";
	int fd = mkstemp(path);
	T_CHECK(fd >= 0);
	close(fd);
	struct pcap_files s;
	pcap_files_init(&s);
	s.boot_ns = 1000000000LL * 1700000000;   /* a fixed boot time: exact timestamps */
	char err[128];
	const unsigned char p1[3] = { 0x45, 0x00, 0x01 }, p2[2] = { 0x60, 0x02 };
	T_EQ_INT(pcap_files_write(&s, path, 12, 1520, 2500001000ULL, p1, 3, err, sizeof(err)), 0);
	T_EQ_INT(pcap_files_write(&s, path, 1, 1520, 2600000000ULL, p2, 2, err, sizeof(err)), 0);
	T_EQ_INT(pcap_files_write(&s, path, 12, 1520, 3000000000ULL, p2, 2, err, sizeof(err)), 0);
	pcap_files_close(&s);
	unsigned char b[256];
	size_t n = slurp(path, b, sizeof(b));
	unlink(path);
	T_EQ_INT(n, 24 + 16 + 3 + 16 + 2);
	T_EQ_UINT(rd32(b), 0xa1b2c3d4);
	T_EQ_INT(rd32(b + 16), 1520);
	T_EQ_INT(rd32(b + 20), 12);
	T_EQ_INT(rd32(b + 24), 1700000002);      /* ts_sec */
	T_EQ_INT(rd32(b + 28), 500001);          /* ts_usec */
	T_EQ_INT(rd32(b + 32), 3);
	T_EQ_INT(rd32(b + 36), 3);
	T_CHECK(memcmp(b + 40, p1, 3) == 0);
	T_EQ_INT(rd32(b + 43), 1700000003);
	T_EQ_INT(rd32(b + 47), 0);
	T_EQ_INT(rd32(b + 51), 2);
	T_CHECK(memcmp(b + 59, p2, 2) == 0);
}

/* A file that cannot be opened: an error, and the set goes on. */
T_CASE(file_error)
{
	struct pcap_files s;
	pcap_files_init(&s);
	char err[128] = "";
	const unsigned char p[1] = { 1 };
	T_EQ_INT(pcap_files_write(&s, "/nonexistent-dir/x.pcap", 1, 1514, 0, p, 1, err,
				  sizeof(err)), -1);
	T_EQ_STR(err, "No such file or directory");
	pcap_files_close(&s);
}

/* The boot time is CLOCK_REALTIME - CLOCK_MONOTONIC: a packet stamped now (monotonic) is
 * now in wall-clock time. */
T_CASE(boot_time)
{
	struct pcap_files s;
	pcap_files_init(&s);
	struct timespec r, m;
	clock_gettime(CLOCK_REALTIME, &r);
	clock_gettime(CLOCK_MONOTONIC, &m);
	int64_t d = (int64_t)r.tv_sec - (int64_t)m.tv_sec - s.boot_ns / 1000000000;
	T_CHECK(d >= -1 && d <= 1);
	pcap_files_close(&s);
}

T_MAIN()
