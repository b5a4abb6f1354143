#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# Write a raw /proc/profile dump: mkprofile.pl [-be] STEP NBUCKETS [BUCKET=COUNT]...
# The first 32-bit word is the step (1 << prof_shift), then NBUCKETS
# 32-bit counters, native (little-endian) or, with -be, big-endian.
use strict;
use warnings;

my $fmt = 'V';
if (@ARGV && $ARGV[0] eq '-be') {
	$fmt = 'N';
	shift;
}
my ($step, $n, @set) = @ARGV;
my @b = (0) x $n;
for (@set) {
	my ($i, $c) = split /=/;
	$b[$i] = $c;
}
binmode(STDOUT);
print pack("$fmt*", $step, @b);
