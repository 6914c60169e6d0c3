/* progstat — one line per loaded BPF program: "ID RUN_CNT RUN_TIME_NS NAME", from the kernel's
 * BPF statistics (BPF_OBJ_GET_INFO_BY_FD; counted only while kernel.bpf_stats_enabled is 1).
 * Used by bench/agg.sh to read what each tracer's programs cost per firing. Needs root. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>

int main(void)
{
	__u32 id = 0;
	while (bpf_prog_get_next_id(id, &id) == 0) {
		int fd = bpf_prog_get_fd_by_id(id);
		if (fd < 0)
			continue;   /* unloaded meanwhile */
		struct bpf_prog_info info;
		__u32 len = sizeof info;
		memset(&info, 0, sizeof info);
		if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0)
			printf("%u %llu %llu %s\n", id, (unsigned long long)info.run_cnt,
			       (unsigned long long)info.run_time_ns, info.name[0] ? info.name : "-");
		close(fd);
	}
	if (errno != ENOENT) {
		perror("progstat: BPF_PROG_GET_NEXT_ID");
		return 1;
	}
	return 0;
}
