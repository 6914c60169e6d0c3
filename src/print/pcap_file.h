/* pcap_file.h — packets captured by pcap() written as classic pcap capture files (libpcap's
 * "tcpdump" format, written here without libpcap), the way DTrace for Linux writes them when
 * freopen() has sent the output to a file, or into tshark's input.
 *
 * Contract.
 *  - The byte layout (all fields in the host's byte order, as libpcap writes them; readers
 *    tell the order from the magic): a 24-byte global header, magic 0xa1b2c3d4 (timestamps in
 *    microseconds), version 2.4, thiszone 0, sigfigs 0, snaplen, linktype; then per packet a
 *    16-byte header ts_sec, ts_usec, caplen, len, and caplen bytes. pcap_file_header and
 *    pcap_packet_header lay these out into a buffer (test_pcap_file checks them byte by byte).
 *  - A struct pcap_files keeps one open capture per destination name. pcap_files_write
 *    appends one packet: the first packet for a name opens the file (created or truncated, as
 *    dtrace's libpcap opens it) and writes the global header with the snaplen given and that
 *    packet's link type; a later packet of another link type for the same name is not written
 *    (dtrace drops it, saying nothing). The name "" is the stream set by pcap_files_stream
 *    (tshark's input), written and flushed packet by packet.
 *  - Times: a packet's time is nanoseconds since boot (bpf_ktime_get_ns, CLOCK_MONOTONIC);
 *    the file holds wall-clock seconds and microseconds: the time plus the boot time, the
 *    difference CLOCK_REALTIME - CLOCK_MONOTONIC read when the set is made (dtrace reads it as
 *    time(NULL) less sysinfo's uptime, whole seconds; this is the same instant to the
 *    nanosecond).
 *  - Files are flushed after every packet, so a reader sees each one when the record has been
 *    consumed; pcap_files_close flushes and closes them all.
 *  - Errors: pcap_files_write returns -1 with the reason in err (the file could not be opened,
 *    a write failed); the packet is lost, the set stays usable. */
#ifndef USDTRACE_PCAP_FILE_H
#define USDTRACE_PCAP_FILE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PCAP_FILE_MAGIC 0xa1b2c3d4u
#define PCAP_FILE_HEADER_SIZE 24
#define PCAP_PACKET_HEADER_SIZE 16

/* The global header for snaplen and linktype, into out. */
void pcap_file_header(unsigned char out[PCAP_FILE_HEADER_SIZE], uint32_t snaplen,
		      uint32_t linktype);

/* A packet's header, into out. */
void pcap_packet_header(unsigned char out[PCAP_PACKET_HEADER_SIZE], uint32_t ts_sec,
			uint32_t ts_usec, uint32_t caplen, uint32_t len);

struct pcap_capture;
struct pcap_files {
	struct pcap_capture *v;
	size_t n;
	int64_t boot_ns;          /* CLOCK_REALTIME - CLOCK_MONOTONIC when made */
	FILE *stream;             /* the capture named "" (NULL: none) */
};

void pcap_files_init(struct pcap_files *s);

/* The capture named "" goes to f from now on (f stays the caller's; NULL: none), a capture
 * of its own: its first packet writes the global header. */
void pcap_files_stream(struct pcap_files *s, FILE *f);

/* Append one packet of len bytes at data, captured at ns since boot, to the capture `name`
 * (a path, or "" for the stream). snaplen is the pcapsize the records were made with. */
int pcap_files_write(struct pcap_files *s, const char *name, uint32_t linktype,
		     uint32_t snaplen, uint64_t ns, const void *data, uint32_t len, char *err,
		     size_t errlen);

/* Flush and close every file (not the stream), and forget every capture. */
void pcap_files_close(struct pcap_files *s);
#endif
