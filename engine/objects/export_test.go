package objects

// Reread returns how many rules Refind found the objects of again, or -1
// when f is FindAll's.
func Reread(f *Found) int { return f.reread }
