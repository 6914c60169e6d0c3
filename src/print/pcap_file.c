/* pcap_file.c — classic pcap capture files: the headers' byte layout and one open capture per
 * destination (pcap_file.h). */
#include "pcap_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util.h"

struct pcap_capture {
	char *name;
	FILE *f;                  /* the file, or the stream for "" */
	uint32_t linktype;
};

static void put32(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);         /* host order, as libpcap writes */
}

static void put16(unsigned char *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

void pcap_file_header(unsigned char out[PCAP_FILE_HEADER_SIZE], uint32_t snaplen,
		      uint32_t linktype)
{
	put32(out, PCAP_FILE_MAGIC);
	put16(out + 4, 2);        /* version 2.4 */
	put16(out + 6, 4);
	put32(out + 8, 0);        /* thiszone: timestamps are UTC */
	put32(out + 12, 0);       /* sigfigs */
	put32(out + 16, snaplen);
	put32(out + 20, linktype);
}

void pcap_packet_header(unsigned char out[PCAP_PACKET_HEADER_SIZE], uint32_t ts_sec,
			uint32_t ts_usec, uint32_t caplen, uint32_t len)
{
	put32(out, ts_sec);
	put32(out + 4, ts_usec);
	put32(out + 8, caplen);
	put32(out + 12, len);
}

static int64_t clock_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void pcap_files_init(struct pcap_files *s)
{
	memset(s, 0, sizeof(*s));
	s->boot_ns = clock_ns(CLOCK_REALTIME) - clock_ns(CLOCK_MONOTONIC);
}

void pcap_files_stream(struct pcap_files *s, FILE *f)
{
	s->stream = f;
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].name[0] == '\0') {   /* the old stream's capture is over */
			free(s->v[i].name);
			s->v[i] = s->v[--s->n];
			break;
		}
}

static struct pcap_capture *find(struct pcap_files *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i].name, name) == 0)
			return &s->v[i];
	return NULL;
}

/* A new capture: its file opened (or the stream) and its global header written. */
static struct pcap_capture *open_capture(struct pcap_files *s, const char *name,
					 uint32_t linktype, uint32_t snaplen, char *err,
					 size_t errlen)
{
	FILE *f = name[0] ? fopen(name, "w") : s->stream;
	if (!f) {
		snprintf(err, errlen, "%s", name[0] ? strerror(errno) : "no capture stream");
		return NULL;
	}
	unsigned char h[PCAP_FILE_HEADER_SIZE];
	pcap_file_header(h, snaplen, linktype);
	if (fwrite(h, sizeof(h), 1, f) != 1) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (name[0])
			fclose(f);
		return NULL;
	}
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	struct pcap_capture *c = &s->v[s->n++];
	c->name = xstrdup(name);
	c->f = f;
	c->linktype = linktype;
	return c;
}

int pcap_files_write(struct pcap_files *s, const char *name, uint32_t linktype,
		     uint32_t snaplen, uint64_t ns, const void *data, uint32_t len, char *err,
		     size_t errlen)
{
	struct pcap_capture *c = find(s, name);
	if (!c && !(c = open_capture(s, name, linktype, snaplen, err, errlen)))
		return -1;
	if (c->linktype != linktype)
		return 0;          /* dtrace's rule: one link type per file, others dropped */
	uint64_t t = (uint64_t)((int64_t)ns + s->boot_ns);
	uint32_t caplen = len < snaplen ? len : snaplen;
	unsigned char h[PCAP_PACKET_HEADER_SIZE];
	pcap_packet_header(h, (uint32_t)(t / 1000000000), (uint32_t)(t % 1000000000 / 1000),
			   caplen, len);
	if (fwrite(h, sizeof(h), 1, c->f) != 1 || fwrite(data, 1, caplen, c->f) != caplen ||
	    fflush(c->f) != 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	return 0;
}

void pcap_files_close(struct pcap_files *s)
{
	for (size_t i = 0; i < s->n; i++) {
		if (s->v[i].name[0])
			fclose(s->v[i].f);
		free(s->v[i].name);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
}
