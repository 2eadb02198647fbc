#!/bin/bash
# slurm-errtab.sh SLURM_GIT TAG: slurm_errtab[] of Slurm's src/common/slurm_errno.c at TAG, as
# "number<TAB>name<TAB>text" lines in the table's order: what slurm_lua.c exports to Lua by name from
# 23.02 (every entry) and what slurm_strerror says. The numbers are the compiler's (the entries are
# compiled against that release's slurm/slurm_errno.h), not parsed by hand.
#
# Writes api/src/main/resources/io/plugstack/api/slurm/errtab/<series>.tsv; run once per series a
# release adds (SLURM_GIT: a clone of github.com/SchedMD/slurm with its tags), e.g.
#   for t in slurm-23-02-8-1 slurm-23-11-11-1 slurm-24-05-8-1 slurm-24-11-5-1 slurm-25-05-8-1 slurm-25-11-7-1; do
#     api/src/build/slurm-errtab.sh ~/slurm $t; done
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: slurm-errtab.sh SLURM_GIT TAG" >&2; exit 2; }
git=$1 tag=$2
[[ $tag =~ ^slurm-([0-9]+)-([0-9]+)-([0-9]+)-[0-9]+$ ]] || { echo "slurm-errtab: $tag is not a release tag (slurm-24-11-5-1)" >&2; exit 2; }
series=${BASH_REMATCH[1]}.${BASH_REMATCH[2]} release=${BASH_REMATCH[1]}.${BASH_REMATCH[2]}.${BASH_REMATCH[3]}
out=$(cd "$(dirname "$0")/../.." && pwd)/src/main/resources/io/plugstack/api/slurm/errtab/$series.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/slurm"
git -C "$git" show "$tag:slurm/slurm_errno.h" > "$work/slurm/slurm_errno.h"
git -C "$git" show "$tag:src/common/slurm_errno.c" \
  | sed -n '/slurm_errtab\[\] = {/,/^};/p' | sed '1s/.*/static slurm_errtab_t errtab[] = {/' > "$work/table.c"
grep -q ERRTAB_ENTRY "$work/table.c" || { echo "slurm-errtab: $tag's table has no names (before 23.02)" >&2; exit 1; }
cat > "$work/main.c" <<'C'
#include <errno.h>
#include <stdio.h>
#include "slurm/slurm_errno.h"
#define ERRTAB_ENTRY(_e) _e, #_e
#include "table.c"
int main(void)
{
	for (size_t i = 0; i < sizeof(errtab) / sizeof(errtab[0]); i++)
		printf("%d\t%s\t%s\n", errtab[i].xe_number, errtab[i].xe_name, errtab[i].xe_message);
	return 0;
}
C
cc -std=gnu99 -I"$work" -o "$work/errtab" "$work/main.c"
mkdir -p "$(dirname "$out")"
{ echo "# slurm_errtab of Slurm $release (src/common/slurm_errno.c at $tag), by api/src/build/slurm-errtab.sh"
  "$work/errtab"; } > "$out"
echo "slurm-errtab: $(($(wc -l < "$out") - 1)) entries of $release in $out"
