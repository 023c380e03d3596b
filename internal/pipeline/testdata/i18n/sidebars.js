module.exports = {
  docs: ['intro', {type: 'category', label: 'Getting started', items: ['setup']}],
};
