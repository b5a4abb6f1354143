# The reorder benchmark's goals, judged on the medians of results.tsv.
#
# usage: awk -F '\t' -v base=LAYOUT -v oracle=LAYOUT -v peers="LAYOUT..." \
#            -f bench-goals.awk results.tsv
#
# Prints "layout TAB measure TAB value" rows for every layout of
# results.tsv, in its order; a goal's row is 1 when it is met, 0 when
# not, n/a when a figure it needs is missing (a ratio to a baseline
# without misses, an oracle or a peer not measured, a class not run):
#
#   hugepages99_met     hugepages99 <= 2: the hot path in two 2 MiB pages
#   itlb2m_met          itlb2m_per_1k_x_BASE <= 0.50
#   l1i_peers_best      the fewest L1i misses per 1k of the peers (the
#                       other orders, "density c3", measured in the run,
#                       the layout itself left out)
#   l1i_peers_met       l1i_per_1k <= l1i_peers_best
#   l1i_limit_oracle    the oracle's (split order from the held-out
#                       runs themselves) l1i_per_1k_x_BASE + 0.02
#   l1i_oracle_met      l1i_per_1k_x_BASE <= l1i_limit_oracle
#   boot_met            boot_kernel_insns_x_BASE within 0.3 % of 1
#   CLASS:l1i_met, CLASS:itlb2m_met
#                       for each unseen class: the median of
#                       CLASS:l1i_per_1k (CLASS:itlb2m_per_1k) no worse
#                       than stock beyond the spread of stock's boots,
#                       <= BASE's CLASS:..._max
#   goals_met           how many of these are met
#   goals_judged        of how many (a goal n/a is not judged)
#
# Reported, not judged: the 4 KiB figures (pages against ptibestP and
# bestunitP, the 4 KiB iTLB), footprint diagnostics for text mapped
# with 4 KiB pages, which the kernel's own text is not:
#   pagesP_x_ptibest_worst, pagesP_x_bestunit_worst
#                       the largest of pages90/95/99_x_ptibest (bestunit)
#
# Ratios in results.tsv have three decimals and are compared in
# thousandths, so that 0.855 + 0.02 is 0.875 and not a rounding below;
# the boot's ratio has four.  Misses per 1k are compared as they are.
function num(x) { return x != "" && x != "n/a" }
function milli(x) { return int(x * 1000 + (x < 0 ? -0.5 : 0.5)) }
# le(A, B): 1 when A <= B (ratios, in thousandths), n/a when either is missing.
function le(a, b) { return !num(a) || !num(b) ? "n/a" : (milli(a) <= milli(b) ? 1 : 0) }
# le_raw(A, B): the same, compared as they are.
function le_raw(a, b) { return !num(a) || !num(b) ? "n/a" : (a + 0 <= b + 0 ? 1 : 0) }
function worst(l, what,    n, p, i, w, x) {
	w = ""
	n = split("90 95 99", p, " ")
	for (i = 1; i <= n; i++) {
		x = v[l, "pages" p[i] "_x_" what]
		if (!num(x)) return "n/a"
		if (w == "" || x + 0 > w + 0) w = x
	}
	return w
}
function row(l, m, x) { printf "%s\t%s\t%s\n", l, m, x }
function goal(l, m, x) {
	row(l, m "_met", x)
	judged[l] += x != "n/a"
	met[l] += x == 1
}

NR == 1 { next }
{ v[$1, $2] = $3 }
!($1 in seen) { seen[$1] = 1; lay[++nl] = $1 }
$2 ~ /^[^:]+:l1i_per_1k$/ { c = $2; sub(/:.*/, "", c); if (!(c in seenc)) { seenc[c] = 1; cls[++nc] = c } }

END {
	if (base == "") { print "bench-goals.awk: base is not set" > "/dev/stderr"; exit 2 }
	lim = ""
	if (oracle != "" && num(v[oracle, "l1i_per_1k_x_" base]))
		lim = sprintf("%.3f", (milli(v[oracle, "l1i_per_1k_x_" base]) + 20) / 1000)
	np = split(peers, peer, " ")
	for (i = 1; i <= nl; i++) {
		l = lay[i]
		goal(l, "hugepages99", le_raw(v[l, "hugepages99"], 2))
		goal(l, "itlb2m", le(v[l, "itlb2m_per_1k_x_" base], 0.50))
		best = ""
		for (j = 1; j <= np; j++)
			if (peer[j] != l && num(v[peer[j], "l1i_per_1k"]) &&
			    (best == "" || v[peer[j], "l1i_per_1k"] + 0 < best + 0))
				best = v[peer[j], "l1i_per_1k"]
		row(l, "l1i_peers_best", best == "" ? "n/a" : best)
		goal(l, "l1i_peers", le_raw(v[l, "l1i_per_1k"], best))
		row(l, "l1i_limit_oracle", lim == "" ? "n/a" : lim)
		goal(l, "l1i_oracle", le(v[l, "l1i_per_1k_x_" base], lim))
		b = v[l, "boot_kernel_insns_x_" base]
		goal(l, "boot", !num(b) ? "n/a" : (int(b * 10000 + 0.5) >= 9970 && int(b * 10000 + 0.5) <= 10030 ? 1 : 0))
		for (k = 1; k <= nc; k++)
			for (m = 1; m <= 2; m++) {
				what = m == 1 ? "l1i" : "itlb2m"
				goal(l, cls[k] ":" what, le_raw(v[l, cls[k] ":" what "_per_1k"],
					v[base, cls[k] ":" what "_per_1k_max"]))
			}
		row(l, "goals_met", met[l] + 0)
		row(l, "goals_judged", judged[l] + 0)
		row(l, "pagesP_x_ptibest_worst", worst(l, "ptibest"))
		row(l, "pagesP_x_bestunit_worst", worst(l, "bestunit"))
	}
}
