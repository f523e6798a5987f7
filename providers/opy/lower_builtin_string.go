package opy

// This file lowers the string method of OverPy: "…".format(…), on string
// literals only (lower_string.go builds the Custom String).

// format lowers STRING.format(ARGS…).
func (c *compiler) format(b *builtinCall) *wnode {
	s, ok := b.recv.(*String)
	if !ok {
		c.d.errorf(codeFormatArguments, b.recv.exprLoc(), ".format() is a method of string literals only")
		return nil
	}
	args := make([]Expr, 0, len(b.e.Args))
	for _, a := range b.e.Args {
		if a.Name != "" {
			c.d.errorf(codeUnknownKeywordArg, a.NameLoc, ".format() takes no keyword arguments")
			return nil
		}
		args = append(args, a.Value)
	}
	w := c.stringValue(s, args)
	if w != nil {
		w.loc = b.e.Loc
	}
	return w
}
