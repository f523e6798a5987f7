package ast

import "testing"

func TestDefaultNames(t *testing.T) {
	for i := range SlotCount {
		n := DefaultVariableName(i)
		if DefaultVariableSlot(n) != i {
			t.Errorf("slot %d: name %s maps back to %d", i, n, DefaultVariableSlot(n))
		}
		s := DefaultSubroutineName(i)
		if DefaultSubroutineSlot(s) != i {
			t.Errorf("subroutine slot %d: name %s maps back to %d", i, s, DefaultSubroutineSlot(s))
		}
	}
	if DefaultVariableName(127) != "DX" || DefaultVariableSlot("DY") != -1 || DefaultSubroutineSlot("Sub128") != -1 || DefaultSubroutineSlot("Sub01") != -1 {
		t.Error("edge cases wrong")
	}
}
