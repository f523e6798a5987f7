package ast

import "strconv"

// SlotCount is the number of global variables, player variables and
// subroutines a mode has (indices 0–127).
const SlotCount = 128

// DefaultVariableName returns the name of variable slot i when it was never
// renamed: A…Z, AA…AZ, BA…BZ, CA…CZ, DA…DX.
func DefaultVariableName(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	i -= 26
	return string(rune('A'+i/26)) + string(rune('A'+i%26))
}

// DefaultSubroutineName returns the name of subroutine slot i when it was
// never renamed: Sub0…Sub127.
func DefaultSubroutineName(i int) string { return "Sub" + strconv.Itoa(i) }

// DefaultVariableSlot returns the slot whose default name is name, or -1.
func DefaultVariableSlot(name string) int {
	switch {
	case len(name) == 1 && 'A' <= name[0] && name[0] <= 'Z':
		return int(name[0] - 'A')
	case len(name) == 2 && 'A' <= name[0] && name[0] <= 'D' && 'A' <= name[1] && name[1] <= 'Z':
		if i := 26 + int(name[0]-'A')*26 + int(name[1]-'A'); i < SlotCount {
			return i
		}
	}
	return -1
}

// DefaultSubroutineSlot returns the slot whose default name is name, or -1.
func DefaultSubroutineSlot(name string) int {
	if len(name) < 4 || name[:3] != "Sub" || (len(name) > 4 && name[3] == '0') {
		return -1
	}
	i, err := strconv.Atoi(name[3:])
	if err != nil || i < 0 || i >= SlotCount || strconv.Itoa(i) != name[3:] {
		return -1
	}
	return i
}

// MaxNameLength is the longest variable or subroutine name the game keeps.
const MaxNameLength = 32
