/* pcap_out.h — where the packets pcap() captured go while tracing runs, by DTrace for
 * Linux's rule (the Guide's pcap action; dtrace's behaviour observed):
 *   1. freopen() has sent the output to a file: the packet is appended to that file as a
 *      pcap capture (pcap_file.h: the file is started afresh by its first packet);
 *   2. otherwise, when tshark runs (tried once, with the first packet to print: `tshark -v`
 *      must succeed), the packet goes into tshark's input as a pcap stream, and each line
 *      tshark writes is printed as "pcap \t" and the line;
 *   3. otherwise the caller prints the packet (a tracemem()-like dump).
 * A packet of no bytes (a NULL skb) goes nowhere and prints nothing.
 *
 * tshark runs as dtrace runs it: `tshark -l -i -` with a sanitized environment, its
 * privileges dropped (uid and gid 65534) when usdtrace is root, SIGINT blocked (so Ctrl-C
 * ends tracing, not tshark: the packets before it still print). Its output is read whenever a
 * packet is written and when tracing ends (pcap_out_close waits for the last lines); the
 * lines are handed to the caller's `print` callback, never written here. Writes to tshark
 * never block on a full pipe while tshark waits on its own full output: both are polled. */
#ifndef USDTRACE_PCAP_OUT_H
#define USDTRACE_PCAP_OUT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "pcap_file.h"
#include "util.h"

struct pcap_out {
	struct pcap_files files;
	int tshark;               /* 0 not tried, 1 running, -1 not available */
	pid_t pid;
	int in_fd, out_fd;        /* tshark's input (we write), output (we read) */
	FILE *in;                 /* in_fd as the capture stream "" */
	struct strbuf partial;    /* tshark's output after its last newline */
	/* prints text (whole "pcap \t..." lines) where the trace's output goes */
	void (*print)(void *arg, const char *text, size_t len);
	void *arg;
};

void pcap_out_init(struct pcap_out *p, void (*print)(void *arg, const char *text, size_t len),
		   void *arg);

enum pcap_out_result { PCAP_OUT_TAKEN, PCAP_OUT_PRINT, PCAP_OUT_ERROR };

/* One packet (len > 0) of the given link type, captured at ns since boot; file is the
 * freopen() file in effect (NULL: none); snaplen is the pcapsize the records were made with.
 * PCAP_OUT_PRINT: the caller prints it. PCAP_OUT_ERROR: err says why it was lost. */
enum pcap_out_result pcap_out_packet(struct pcap_out *p, const char *file, uint32_t linktype,
				     uint32_t snaplen, uint64_t ns, const void *data,
				     uint32_t len, bool try_tshark, char *err, size_t errlen);

/* Print the lines tshark has written since (nothing when it does not run). */
void pcap_out_poll(struct pcap_out *p);

/* Tracing has ended: closes the files, ends tshark's input and prints its last lines. */
void pcap_out_close(struct pcap_out *p);
#endif
