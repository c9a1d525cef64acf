document.getElementById('root').textContent = 'test bundle';
