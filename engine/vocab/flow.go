package vocab

// Flow is the part an action plays in the nesting of the Workshop's
// control-flow blocks, which the game's exporter indents: If, While and
// For open a block, Else If and Else continue one, End closes one.
type Flow uint8

// The flows.
const (
	FlowNone   Flow = iota // any other action
	FlowOpen               // If, While, For Global Variable, For Player Variable
	FlowMiddle             // Else If, Else
	FlowEnd                // End
)

// FlowOf returns the flow of the action with element id.
func FlowOf(id string) Flow {
	switch id {
	case "__if__", "__while__", "__forGlobalVariable__", "__forPlayerVariable__":
		return FlowOpen
	case "__elif__", "__else__":
		return FlowMiddle
	case "__end__":
		return FlowEnd
	}
	return FlowNone
}
