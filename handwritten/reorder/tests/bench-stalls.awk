# A model of what the simulated instruction-fetch misses cost, not a
# measurement: front-end stall cycles per 1,000 kernel instructions,
# each miss charged the latency of the level that serves it, as if no
# stall overlapped another or any other work.
#
# usage: awk -F '\t' [-v l2_hit=N -v stlb_hit=N -v walk=N] \
#            -f bench-stalls.awk boots.tsv
#
# boots.tsv is bench-report.sh's (layout, boot, measure, value, a header
# line first).  For each boot and each scope that has misses (the
# pooled runs, and each unseen class, CLASS:) it prints the rows
#
#   stall2m_per_1k   l1i_per_1k x L2_HIT + itlb2m_per_1k x STLB_HIT:
#                    the kernel's text as x86-64 maps it, 2 MiB pages,
#                    whose few entries always fit the shared STLB
#   stall4k_per_1k   l1i_per_1k x L2_HIT + itlb4k_per_1k x STLB_HIT +
#                    itlb4k_walk_per_1k x WALK: the same text mapped
#                    with 4 KiB pages (first-level misses go to the
#                    STLB, its misses walk the page tables besides)
#
# in the same format, for bench-report.sh to take medians of.  A scope
# with some of these misses but not all, or a figure that is not a
# number, is an error naming the boot and the measure: a missing figure
# is not a zero.
#
# The penalties, in core cycles (README.md gives the sources):
#   L2_HIT    12  an L1i miss served by the L2: the L2's fastest
#                 latency in Intel's table of Skylake client caches
#                 (Optimization Reference Manual)
#   STLB_HIT  18  an iTLB miss that hits the second-level TLB, timed
#                 from instruction fetch on Haswell; Intel publishes no
#                 TLB latency for Skylake
#   WALK      20  a page walk on an STLB miss with the page tables in
#                 the caches (the same measurement, from a load),
#                 charged on top of STLB_HIT
BEGIN {
	if (l2_hit == "") l2_hit = 12
	if (stlb_hit == "") stlb_hit = 18
	if (walk == "") walk = 20
	nneed = split("l1i itlb2m itlb4k itlb4k_walk", need, " ")
}
function isnum(x) { return x ~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
NR == 1 { next }
{
	m = $3
	scope = ""
	if (m ~ /:/) { scope = m; sub(/:.*/, ":", scope); sub(/^[^:]*:/, "", m) }
	if (m !~ /^(l1i|itlb2m|itlb4k|itlb4k_walk)_per_1k$/) next
	sub(/_per_1k$/, "", m)
	key = $1 SUBSEP $2 SUBSEP scope
	if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
	v[key, m] = $4
}
END {
	bad = 0
	for (i = 1; i <= nk; i++) {
		split(keys[i], k, SUBSEP)
		miss = 0
		for (j = 1; j <= nneed; j++) {
			why = ""
			if (!((keys[i], need[j]) in v))
				why = "missing"
			else if (!isnum(v[keys[i], need[j]]))
				why = "'" v[keys[i], need[j]] "' is not a number"
			if (why != "") {
				printf "bench-stalls.awk: %s boot %s: %s%s_per_1k %s\n", k[1], k[2], k[3], need[j], why > "/dev/stderr"
				miss = 1
			}
		}
		if (miss) { bad = 1; continue }
		l1i = l2_hit * v[keys[i], "l1i"]
		printf "%s\t%s\t%sstall2m_per_1k\t%.1f\n", k[1], k[2], k[3], l1i + stlb_hit * v[keys[i], "itlb2m"]
		printf "%s\t%s\t%sstall4k_per_1k\t%.1f\n", k[1], k[2], k[3], \
			l1i + stlb_hit * v[keys[i], "itlb4k"] + walk * v[keys[i], "itlb4k_walk"]
	}
	exit bad
}
