package lsp

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestBestHitsEqualsSort: the bounded selection of workspace/symbol
// answers the first n hits of the full sort, for any number of hits
// around n and with ties on score and name.
func TestBestHitsEqualsSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, total := range []int{0, 1, 7, 499, 500, 501, 1200, 5000} {
		entries := make([]workspaceEntry, total)
		hits := make([]workspaceHit, total)
		for i := range entries {
			entries[i] = workspaceEntry{start: rng.IntN(50), info: symbolInformation{
				Name: fmt.Sprintf("n%d", rng.IntN(40)), Location: protocol.Location{URI: fmt.Sprintf("file:///f%d.ow", rng.IntN(5))}}}
			hits[i] = workspaceHit{score: 1 + rng.IntN(4), e: &entries[i]}
		}
		want := slices.Clone(hits)
		slices.SortStableFunc(want, compareHits)
		want = want[:min(len(want), 500)]
		got := bestHits(slices.Clone(hits), 500)
		if len(got) != len(want) {
			t.Fatalf("%d hits: %d kept, want %d", total, len(got), len(want))
		}
		for i := range got {
			if compareHits(got[i], want[i]) != 0 {
				t.Fatalf("%d hits: hit %d is %+v, want %+v", total, i, *got[i].e, *want[i].e)
			}
		}
	}
}
