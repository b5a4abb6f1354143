#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# Synthetic, unsorted readprofile(1) output: gen-readprofile.pl NAMES LINES SEED
# Unique names built from real kernel function names (NAMES, one a line),
# about one in ten with a GCC clone suffix, log-uniform ticks.
use strict;
use warnings;

my ($names, $lines, $seed) = @ARGV;
srand($seed // 1);
open(my $fh, '<', $names) or die "$names: $!";
my @base = grep { /^[A-Za-z_]\w*$/ } map { chomp; $_ } <$fh>;
my @clone = ('.isra.0', '.constprop.0', '.part.0', '.cold', '.constprop.1');
my $total = 0;
my $buf = '';
for my $i (1 .. $lines) {
	my $n = $base[int(rand(@base))];
	my $id = '';
	my $k = $i;
	do { $id .= chr(97 + $k % 26); $k = int($k / 26); } while ($k);
	$n = substr($n, 0, 40 - length($id) - 14) . "_$id";
	$n .= $clone[int(rand(@clone))] if rand() < 0.1;
	my $ticks = int(exp(rand(13.8)));
	my $size = 16 + int(rand(4000));
	$total += $ticks;
	$buf .= sprintf("%6u %-40s %8.4f\n", $ticks, $n, $ticks / $size);
	if (length($buf) > 1 << 20) { print $buf; $buf = ''; }
}
print $buf;
printf("%6u %-40s %8.4f\n", 1234, '*unknown*', 0);
printf("%6u %-40s %8.4f\n", $total + 1234, 'total', 1.5);
