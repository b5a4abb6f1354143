# Simulated misses per 1,000 kernel instructions from kernel-fetch
# plugin .stats files (qemu/plugin/kernel-fetch.c), pooled: the misses
# of all the files over the instructions of all (rep string
# instructions once).  Prints "MEASURE VALUE" lines:
#
#   itlb4k_per_1k       the 64-entry first-level 4 KiB iTLB
#   itlb4k_walk_per_1k  page walks (and the 1,536-entry second level)
#   itlb2m_per_1k       the 8-entry 2 MiB iTLB
#   l1i_per_1k          the 32 KiB, 8-way L1i, 64-byte lines
#
# usage: awk -f bench-misses.awk REGION.stats...
$1 == "kernel_insns" { n += $2 }
$1 == "itlb4k_l1" || $1 == "itlb4k_walk" || $1 == "itlb2m" || $1 == "l1i" { miss[$1] += $2 }
END {
	split("itlb4k_l1 itlb4k_walk itlb2m l1i", m, " ")
	for (i = 1; i <= 4; i++) {
		name = m[i] == "itlb4k_l1" ? "itlb4k" : m[i]
		printf "%s_per_1k %.4f\n", name, n ? 1000 * miss[m[i]] / n : 0
	}
}
