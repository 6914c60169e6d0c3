/* dprocfs.c — see dprocfs.h. */
#include "dprocfs.h"

#include <stddef.h>

const char *const dprocfs_type_names[] = {
	"taskid_t", "dprojid_t", "poolid_t", "zoneid_t", "timestruc_t", "psinfo_t",
	"lwpsinfo_t", "cpuinfo_t", "timestruc", "psinfo", "lwpsinfo", "cpuinfo", NULL,
};
