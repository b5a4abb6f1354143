#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Cross-check against the seed's scripts/profile2linkerlist.pl:
#   crosscheck.sh DIR BIN
# DIR holds profile2linkerlist.pl and seed-names.txt (see extract-seed.sh).
# On one readprofile input, wherever the Perl script names the function
# of an input line correctly, our list must name the same function, in
# the same order; where it does not, our list must have the right name.
set -e
dir=$1
bin=$2
in=$dir/cross.txt
perl -e '
	use strict;
	use warnings;
	srand(42);
	my %seen;
	my @names = grep { !$seen{$_}++ } map { chomp; $_ } <STDIN>;
	my @extra;
	for my $i (0 .. 99) {
		my $n = $names[$i * 7];
		next unless $n =~ /^[A-Za-z_]\w*$/;
		push @extra, "$n.isra.0", "$n.constprop.0", "$n.part.0", "$n.cold";
	}
	push @extra, qw(nr_total_pages handle_unknown_nmi totalram_pages);
	@names = (@names, @extra);
	my @ticks = map { 3 * $_ + 1 } 1 .. @names;
	for (my $i = @ticks - 1; $i > 0; $i--) {
		my $j = int(rand($i + 1));
		@ticks[$i, $j] = @ticks[$j, $i];
	}
	my $total = 0;
	for my $i (0 .. $#names) {
		printf("%6u %-40s %8.4f\n", $ticks[$i], $names[$i], $ticks[$i] / 100);
		$total += $ticks[$i];
	}
	printf("%6u %-40s %8.4f\n", 77, "*unknown*", 0);
	printf("%6u %-40s %8.4f\n", $total + 77, "total", 0.5);
' < "$dir/seed-names.txt" > "$in"

sort -rn "$in" | perl "$dir/profile2linkerlist.pl" > "$dir/perl.out"
"$bin" -q "$in" > "$dir/ours.out"

sort -rn "$in" | perl -e '
	use strict;
	use warnings;
	my ($perl, $ours) = @ARGV;
	open(my $p, "<", $perl) or die;
	open(my $o, "<", $ours) or die;
	my @perl = map { /^\*\(\.text\.(.*)\)$/ ? $1 : "?" } <$p>;
	my @ours = map { chomp; $_ } <$o>;
	my (@right, @wrong);
	my $k = 0;
	my %input;
	while (my $line = <STDIN>) {
		my ($t, $name) = $line =~ /^\s*(\d+)\s+(\S+)/;
		$input{$name} = 1;
		# the seed script prints one line for each other line
		next if $line =~ /unknown/ || $line =~ /total/ and
			(push(@wrong, [$name, "(dropped)"]), 1);
		my $got = $perl[$k++];
		# a name that is no symbol (the seed list has "705") is never right
		if (defined $got && $got eq $name &&
		    $name =~ /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/) {
			push @right, $name;
		} else {
			push @wrong, [$name, $got // "(none)"];
		}
	}
	my %pos;
	for my $i (0 .. $#ours) {
		my ($n) = $ours[$i] =~ /^\*\(\.text\.(.*)\)$/ or die "bad line $ours[$i]";
		$pos{$n} = $i;
	}
	my $fail = 0;
	my @missing = grep { !exists $pos{$_} } @right;
	if (@missing) {
		print "ours lacks ", scalar(@missing), " names the Perl script got right: @missing[0 .. ($#missing < 4 ? $#missing : 4)]\n";
		$fail = 1;
	}
	for my $i (1 .. $#right) {
		next if !exists $pos{$right[$i - 1]} || !exists $pos{$right[$i]};
		next if $pos{$right[$i - 1]} < $pos{$right[$i]};
		print "order differs: $right[$i - 1] / $right[$i]\n";
		$fail = 1;
		last;
	}
	my $perl_bad = 0;
	my ($extra_ok, $invalid) = (0, 0);
	for my $w (@wrong) {
		my ($name, $got) = @$w;
		next if $name eq "*unknown*" || $name eq "total";
		$perl_bad++;
		my $valid = $name =~ /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;
		my $sect = $name;
		$sect =~ s/^(.*)\.cold(\.\d+)?$/unlikely.$1/;
		if ($valid) {
			if (exists $pos{$sect}) {
				$extra_ok++;
			} else {
				print "ours lacks $name (Perl: $got)\n";
				$fail = 1;
			}
		} else {
			$invalid++;
			if (exists $pos{$name}) {
				print "ours lists invalid name $name\n";
				$fail = 1;
			}
		}
	}
	my @junk = grep { !$input{$_} && !/^unlikely\./ } keys %pos;
	if (@junk) {
		print "ours lists names not in the input: @junk[0 .. ($#junk < 4 ? $#junk : 4)]\n";
		$fail = 1;
	}
	my @bogus = grep { !$input{$_} } @perl;
	printf("Perl right on %d of %d function lines; ours names all of them, in the same order\n",
	       scalar(@right), scalar(@right) + $perl_bad);
	printf("Perl wrong on %d lines (%d bogus names such as %s);\nours lists the %d valid ones correctly and skips the %d invalid names\n",
	       $perl_bad, scalar(@bogus), join(", ", map { "*(.text.$_)" } @bogus[0 .. ($#bogus < 2 ? $#bogus : 2)]),
	       $extra_ok, $invalid);
	exit $fail;
' "$dir/perl.out" "$dir/ours.out"
