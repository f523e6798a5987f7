package opy

// This file lowers the settings block: OverPy's JSON-like dictionary of
// custom game settings, written as the Workshop's settings text.

// emitSettings writes the program's settings block.
func (c *compiler) emitSettings(e *emitter) {
	if c.settings == nil {
		if len(c.extensions) > 0 {
			c.d.warn(codeUnusedSettings, c.extensionAt[0], "#!extension has no effect in a program without a settings block")
		}
		return
	}
	c.d.errorf(codeUnsupportedFeature, c.settings.Loc, "settings blocks are not compiled yet")
}
