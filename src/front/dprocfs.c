/* dprocfs.c — see dprocfs.h. */
#include "dprocfs.h"

#include <stddef.h>

const char *const dprocfs_type_names[] = {
	"processorid_t", "psetid_t", "chipid_t", "lgrp_id_t", "taskid_t", "dprojid_t",
	"poolid_t", "zoneid_t", "timestruc_t", "psinfo_t", "lwpsinfo_t", "cpuinfo_t",
	"timestruc", "psinfo", "lwpsinfo", "cpuinfo", NULL,
};
