/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The layouts of struct taskstats that kernels have sent, after the
 * history of include/uapi/linux/taskstats.h.  The uapi header this is
 * built with may be older or newer than the kernel it runs on, so the
 * parser reads replies through these, not through the header's struct.
 *
 * Up to version 14 the struct only grew at its end.  Version 15 put a
 * max and a min after the total of every delay, which moved every field
 * after cpu_delay_total; version 16 moved them to the end, after the
 * version 14 fields.  Later versions append again.
 *
 * The uapi struct aligns some fields to 8 bytes with attributes; here the
 * padding is spelled out, so that the offsets hold on every ABI.
 */
#ifndef TASKSTATS_LAYOUT_H
#define TASKSTATS_LAYOUT_H

#include <stdint.h>

#define TD_TS_COMM_LEN 32
#define TD_TS_KNOWN_VERSION 16	/* the newest layout described here */

/* Versions 1-14; a version-N kernel sends the fields up to its own */
struct td_ts14 {
	uint16_t version;
	uint32_t ac_exitcode;
	uint8_t ac_flag;
	uint8_t ac_nice;
	uint8_t td_pad0[6];
	uint64_t cpu_count;
	uint64_t cpu_delay_total;
	uint64_t blkio_count;
	uint64_t blkio_delay_total;
	uint64_t swapin_count;
	uint64_t swapin_delay_total;
	uint64_t cpu_run_real_total;
	uint64_t cpu_run_virtual_total;
	char ac_comm[TD_TS_COMM_LEN];		/* version 2 on */
	uint8_t ac_sched;
	uint8_t ac_pad[3];
	uint8_t td_pad1[4];
	uint32_t ac_uid;
	uint32_t ac_gid;
	uint32_t ac_pid;
	uint32_t ac_ppid;
	uint32_t ac_btime;
	uint32_t td_pad2;
	uint64_t ac_etime;
	uint64_t ac_utime;
	uint64_t ac_stime;
	uint64_t ac_minflt;
	uint64_t ac_majflt;
	uint64_t coremem;
	uint64_t virtmem;
	uint64_t hiwater_rss;
	uint64_t hiwater_vm;
	uint64_t read_char;
	uint64_t write_char;
	uint64_t read_syscalls;
	uint64_t write_syscalls;
	uint64_t read_bytes;
	uint64_t write_bytes;
	uint64_t cancelled_write_bytes;
	uint64_t nvcsw;
	uint64_t nivcsw;
	uint64_t ac_utimescaled;
	uint64_t ac_stimescaled;
	uint64_t cpu_scaled_run_real_total;
	uint64_t freepages_count;		/* version 7 */
	uint64_t freepages_delay_total;
	uint64_t thrashing_count;		/* version 9 */
	uint64_t thrashing_delay_total;
	uint64_t ac_btime64;			/* version 10 */
	uint64_t compact_count;			/* version 11 */
	uint64_t compact_delay_total;
	uint32_t ac_tgid;			/* version 12 */
	uint32_t td_pad3;
	uint64_t ac_tgetime;
	uint64_t ac_exe_dev;
	uint64_t ac_exe_inode;
	uint64_t wpcopy_count;			/* version 13 */
	uint64_t wpcopy_delay_total;
	uint64_t irq_count;			/* version 14 */
	uint64_t irq_delay_total;
};

/* Largest and smallest single delay, in ns (versions 15 and 16 on) */
struct td_ts_minmax {
	uint64_t max;
	uint64_t min;
};

/*
 * Version 16: version 14, then max and min of cpu, blkio, swapin,
 * freepages, thrashing, compact, wpcopy and irq, in that order.
 */
struct td_ts16 {
	struct td_ts14 v14;
	struct td_ts_minmax minmax[8];
};

#endif /* TASKSTATS_LAYOUT_H */
