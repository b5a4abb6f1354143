# The reorder benchmark's goals, judged on the medians of results.tsv.
#
# usage: awk -F '\t' -v base=LAYOUT -v oracle=LAYOUT -f bench-goals.awk \
#            results.tsv
#
# Prints "layout TAB measure TAB value" rows for every layout of
# results.tsv, in its order; a goal's row is 1 when it is met, 0 when
# not, n/a when a figure it needs is missing (a ratio to a baseline
# without misses, an oracle not measured):
#
#   the goals as set (base is the baseline layout, stock):
#   hugepages99_met     hugepages99 <= 2
#   pages50_met         pages50 <= ptibest50 + 1
#   pagesP_x_ptibest_worst  the largest of pages90/95/99_x_ptibest
#   pagesP_met          pagesP_x_ptibest_worst <= 1.15
#   l1i_met             l1i_per_1k_x_BASE <= 0.80
#   itlb4k_met          itlb4k_per_1k_x_BASE <= 0.20
#   goals_met           how many of these five are met
#   goals_judged        of how many (a goal n/a is not judged)
#
#   the measures that take what no list can change out of the goals:
#   pages50_bestunit_met    pages50 <= bestunit50 + 1 (the best case
#                       when the units the linker script places whole
#                       come whole)
#   pagesP_x_bestunit_worst, pagesP_bestunit_met
#                       the same as pagesP_met against bestunitP
#   l1i_limit_oracle    the oracle's l1i_per_1k_x_BASE + 0.05: what
#                       ordering buys, as the oracle (a list made from
#                       the held-out runs themselves) shows, with room
#                       for run-to-run variation
#   l1i_oracle_met      l1i_per_1k_x_BASE <= l1i_limit_oracle
#   goals_met_proposed  how many of hugepages99, pages50_bestunit,
#                       pagesP_bestunit, l1i_oracle and itlb4k are met
#   goals_judged_proposed   of how many (4 without an oracle)
#
# The ratios in results.tsv have three decimals: limits are compared in
# thousandths, so that 0.855 + 0.05 is 0.905 and not a rounding below.
function num(x) { return x != "" && x != "n/a" }
function milli(x) { return int(x * 1000 + (x < 0 ? -0.5 : 0.5)) }
# le(A, B): 1 when A <= B, n/a when either is missing.
function le(a, b) { return !num(a) || !num(b) ? "n/a" : (milli(a) <= milli(b) ? 1 : 0) }
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
function count(l, list,    n, i, g, c) {
	n = split(list, g, " ")
	c = 0
	for (i = 1; i <= n; i++) c += got[l, g[i]] == 1
	return c
}
function judged(l, list,    n, i, g, c) {
	n = split(list, g, " ")
	c = 0
	for (i = 1; i <= n; i++) c += got[l, g[i]] != "n/a"
	return c
}
function goal(l, m, x) { got[l, m] = x; row(l, m "_met", x) }

NR == 1 { next }
{ v[$1, $2] = $3 }
!($1 in seen) { seen[$1] = 1; lay[++nl] = $1 }

END {
	if (base == "") { print "bench-goals.awk: base is not set" > "/dev/stderr"; exit 2 }
	lim = ""
	if (oracle != "" && num(v[oracle, "l1i_per_1k_x_" base]))
		lim = sprintf("%.3f", (milli(v[oracle, "l1i_per_1k_x_" base]) + 50) / 1000)
	for (i = 1; i <= nl; i++) {
		l = lay[i]
		goal(l, "hugepages99", le(v[l, "hugepages99"], 2))
		goal(l, "pages50", num(v[l, "ptibest50"]) ? le(v[l, "pages50"], v[l, "ptibest50"] + 1) : "n/a")
		w = worst(l, "ptibest")
		row(l, "pagesP_x_ptibest_worst", w)
		goal(l, "pagesP", le(w, 1.15))
		goal(l, "l1i", le(v[l, "l1i_per_1k_x_" base], 0.80))
		goal(l, "itlb4k", le(v[l, "itlb4k_per_1k_x_" base], 0.20))
		p = "hugepages99 pages50 pagesP l1i itlb4k"
		row(l, "goals_met", count(l, p))
		row(l, "goals_judged", judged(l, p))
		goal(l, "pages50_bestunit", num(v[l, "bestunit50"]) ? le(v[l, "pages50"], v[l, "bestunit50"] + 1) : "n/a")
		w = worst(l, "bestunit")
		row(l, "pagesP_x_bestunit_worst", w)
		goal(l, "pagesP_bestunit", le(w, 1.15))
		row(l, "l1i_limit_oracle", lim == "" ? "n/a" : lim)
		goal(l, "l1i_oracle", le(v[l, "l1i_per_1k_x_" base], lim))
		p = "hugepages99 pages50_bestunit pagesP_bestunit l1i_oracle itlb4k"
		row(l, "goals_met_proposed", count(l, p))
		row(l, "goals_judged_proposed", judged(l, p))
	}
}
