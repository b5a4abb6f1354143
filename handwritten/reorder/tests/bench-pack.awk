# The best-case packing of the reorder benchmark (bench-measure.sh):
# 4 KiB pages that the densest units fill up to P % of all execution.
#
# awk -v total=T -v p=P -v apart=0|1 -v align=A -f bench-pack.awk FILE
#
# FILE has "density executions bytes pool" lines, densest first.  Each
# unit starts on an A-byte boundary, as the linker places functions
# compiled with -falign-functions=A (the pages a layout can reach,
# padding included).  With apart=1, pool 1 (the entry text, which PTI
# maps 2 MiB aligned at both ends) fills pages of its own; otherwise
# every unit shares one run of pages.  Prints the page count, or
# nothing when FILE does not reach P % of T.
BEGIN {
	want = total * p / 100
	if (align < 1) {
		print "bench-pack.awk: align must be 1 or more" > "/dev/stderr"
		exit 2
	}
}
{
	sum += $2
	b = $3 + (align - $3 % align) % align
	bytes[apart ? $4 : 0] += b
	if (sum >= want) {
		printf "%d\n", int((bytes[0] + 4095) / 4096) + int((bytes[1] + 4095) / 4096)
		exit
	}
}
