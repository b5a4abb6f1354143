# SPDX-License-Identifier: GPL-2.0
#
# The profiling workloads the committed profiles were made with, in the
# order the collector's guest runs them: each class alone, then all of
# them in turn ("mixed", the workload the list is for), in the training
# boot; "mixed" three times in the held-out boot, so that held-out
# measures pool three runs.
# Under -icount a guest second is 10^9 instructions, and the plugin's
# counts are exact: there is no sampling noise to average out, only the
# workload's own variation, so short runs do.  One emulated second costs
# about half a minute of host time.
TRAIN_CLASSES   := fork exec tmpfs disk pipe unix signal stat
TRAIN_SECONDS   := 2
MIXED_SECONDS   := 8
HOLDOUT_CLASSES := mixed mixed mixed
HOLDOUT_SECONDS := 3

# profile2linkerlist's inputs from the training profiles in directory
# $(1), with their call edges: each one-class run at weight 1, the mixed
# run at the weight of all of them together, as it is the workload the
# list is for.  functionlist/ makes the list so; the reorder benchmark
# makes its lists the same way.  This file belongs with the data: the
# collector reads it and writes profiles/ and holdout/ here; nothing
# here depends on the collector.
train_p2l_args = $(foreach c,$(TRAIN_CLASSES),$(1)/$(c).txt --edges=$(1)/$(c).edges) \
	-w $(words $(TRAIN_CLASSES)) $(1)/mixed.txt --edges=$(1)/mixed.edges
